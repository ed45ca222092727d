'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { ApiClientProvider } from 'pagewise';
import { createApiClient } from 'pagewise/client';
import { useState, type ReactNode } from 'react';
import { PROXY_PATH } from '../lib/pagewise';

// No `auth`: the proxy adds the credentials. A relative baseUrl is fine here although this module also runs during
// server rendering: it is resolved against the page's origin when a request is made, which only happens in the browser.
const browserClient = createApiClient({ baseUrl: PROXY_PATH });

export function Providers({ children }: { children: ReactNode }) {
  // One QueryClient per request on the server, one per tab in the browser.
  const [queryClient] = useState(() => new QueryClient());
  return (
    <NuqsAdapter>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={browserClient}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </NuqsAdapter>
  );
}
