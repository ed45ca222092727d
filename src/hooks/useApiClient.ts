import { useContext } from 'react';
import type { ApiClient } from '../client/index';
import { ApiClientContext } from './ApiClientContext';

/**
 * The API client to use: `client` when given, otherwise the nearest `ApiClientProvider`'s.
 * Throws, naming both ways to fix it, when there is neither. `caller` names the hook in that message.
 */
export function useApiClient(client?: ApiClient, caller = 'useApiClient'): ApiClient {
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
