import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '../../src/client/index';
import { ApiClientProvider } from '../../src/hooks/index';

/**
 * A QueryClient per mounted story (no cache shared between stories) and the story's API client.
 * Queries keep the library's retry policy: it comes with `sharesQueryOptions` / `environmentsQueryOptions`.
 */
export function StoryProviders({
  client,
  queryClient,
  children,
}: {
  client: ApiClient;
  /** The QueryClient to use, e.g. one the play function also reads. @default a new QueryClient per mount */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [mounted] = useState(() => queryClient ?? new QueryClient());
  return (
    <QueryClientProvider client={mounted}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}
