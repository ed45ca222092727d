'use client';

import { createContext } from 'react';
import type { ApiClient } from '../client/index';

/** Holds the API client that `ApiClientProvider` hands to the hooks below it. */
export const ApiClientContext = createContext<ApiClient | null>(null);
ApiClientContext.displayName = 'PagewiseApiClient';
