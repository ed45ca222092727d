import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import { ApiClientProvider } from 'pagewise';
import pagewiseCss from 'pagewise/styles.css?url';
import type { ReactNode } from 'react';
import appCss from '../app.css?url';
import { pagewiseClient } from '../lib/pagewise';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Shares — pagewise on TanStack Start' },
    ],
    links: [
      { rel: 'stylesheet', href: pagewiseCss },
      { rel: 'stylesheet', href: appCss },
      // No icon: without this line browsers ask for /favicon.ico, which no route answers.
      { rel: 'icon', href: 'data:,' },
    ],
  }),
  component: Root,
});

function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

function Root() {
  return (
    <Document>
      <ApiClientProvider client={pagewiseClient}>
        <Outlet />
      </ApiClientProvider>
    </Document>
  );
}
