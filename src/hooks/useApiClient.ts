'use client';

import { useContext } from 'react';
import type { ApiClient } from '../client/index';
import { ApiClientContext } from './ApiClientContext';

/**
 * The client `caller` (a hook's name, for the message) works with: `client` when given, otherwise the nearest
 * `ApiClientProvider`'s. Throws, naming both ways to fix it, when there is neither. Internal.
 */
export function useClientFor(caller: string, client?: ApiClient): ApiClient {
  const provided = useContext(ApiClientContext);
  const resolved = client ?? provided;
  if (!resolved) {
    throw new Error(
      `${caller}() found no API client. Wrap your components in <ApiClientProvider client={createApiClient({ baseUrl })}> ` +
        `(from 'pagewise'), or pass the \`client\` option.`,
    );
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
