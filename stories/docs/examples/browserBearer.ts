// In a browser without a proxy: your backend hands out the token; never a secret in the page.
import { bearerToken, createApiClient } from 'pagewise/client';

declare const userId: string;

export const client = createApiClient({
  baseUrl: 'https://api.example.com/v1',
  auth: bearerToken(({ signal }) => fetch('/my-backend/token', { signal }).then((r) => r.json()), { id: userId }),
});
