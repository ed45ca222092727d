import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiClient } from '../../src/client/index';
import { ApiClientProvider } from '../../src/hooks/index';

/**
 * A QueryClient per mounted story (no cache shared between stories) and the story's API client.
 * Queries keep the library's retry policy: it comes with `sharesQueryOptions` / `environmentsQueryOptions`.
 */
export function StoryProviders({ client, children }: { client: ApiClient; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}
