import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { routeTree } from './routeTree.gen';

export function getRouter() {
  // One QueryClient per request on the server, one per tab in the browser. The integration sends the pages the
  // loader prefetched with the HTML and puts them in the browser's QueryClient before hydration.
  const queryClient = new QueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, scrollRestoration: true });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
