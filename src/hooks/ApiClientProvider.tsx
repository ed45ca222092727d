'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../client/index';
import { invalidArgument } from '../shared/assert';

/** Holds the API client that `ApiClientProvider` hands to the hooks below it. */
const ApiClientContext = createContext<ApiClient | null>(null);
ApiClientContext.displayName = 'PagewiseApiClient';

/** Props of `ApiClientProvider`. */
export interface ApiClientProviderProps {
  /** The client from `createApiClient` that the data hooks and `useApiClient` use below this provider. */
  client: ApiClient;
  /** The part of the app that lists data. */
  children?: ReactNode;
}

/** Makes an API client available to the data hooks below it. Place it inside your `QueryClientProvider`. */
export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/**
 * The client `caller` (a hook's name, for the message) works with: `client` when given, otherwise the nearest
 * `ApiClientProvider`'s. Throws, naming both ways to fix it, when there is neither. Internal.
 */
export function useClientFor(caller: string, client?: ApiClient): ApiClient {
  const provided = useContext(ApiClientContext);
  const resolved = client ?? provided;
  if (!resolved) {
    // The two ways to fix it are for the developer, who meets this in development: production builds leave them out.
    const fix =
      process.env.NODE_ENV === 'production'
        ? ''
        : ` Wrap your components in <ApiClientProvider client={createApiClient({ baseUrl })}> (from 'pagewise'), or pass the \`client\` option.`;
    throw invalidArgument('client', `must be given: ${caller}() found no API client.${fix}`);
  }
  return resolved;
}

/**
 * The API client: `client` when given, otherwise the nearest `ApiClientProvider`'s. Throws, naming both ways to
 * fix it, when there is neither.
 */
export function useApiClient(client?: ApiClient): ApiClient {
  return useClientFor('useApiClient', client);
}
