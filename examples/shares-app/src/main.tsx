import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider } from 'pagewise';
import { createApiClient } from 'pagewise/client';
import 'pagewise/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';

// The browser only talks to this app's own server: /api is createProxyHandler there, which adds the
// credentials. So this client has no `auth` and no secret ever reaches the page.
const client = createApiClient({ baseUrl: '/api' });
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <App />
      </ApiClientProvider>
    </QueryClientProvider>
  </StrictMode>,
);
