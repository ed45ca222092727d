import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider } from 'pagewise';
import { createApiClient } from 'pagewise/client';
import 'pagewise/styles.css';
import { useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { PROXY_PATH } from './lib/pagewise';
import './app.css';

// No `auth`: the proxy adds the credentials. A relative baseUrl is fine here although this module also runs during
// server rendering: it is resolved against the page's origin when a request is made, which only happens in the browser.
const browserClient = createApiClient({ baseUrl: PROXY_PATH });

export function meta() {
  return [{ title: 'Shares — pagewise on React Router' }];
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No icon: without this line browsers ask for /favicon.ico, which no route answers. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // One QueryClient per request on the server, one per tab in the browser.
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={browserClient}>
        <Outlet />
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
