'use client';

import type { ReactNode } from 'react';
import type { ApiClient } from '../client/index';
import { ApiClientContext } from './ApiClientContext';

/** Props of `ApiClientProvider`. */
export interface ApiClientProviderProps {
  /** The client from `createApiClient` that `useShares`, `useEnvironments` and `useApiClient` use below this provider. */
  client: ApiClient;
  /** The part of the app that lists data. */
  children?: ReactNode;
}

/** Makes an API client available to the data hooks below it. Place it inside your `QueryClientProvider`. */
export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}
