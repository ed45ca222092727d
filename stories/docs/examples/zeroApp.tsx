// "From zero to a table", step 3: the browser side. The client talks to your own route (step 2), so the browser never
// holds a credential; the providers go once around the app, the table anywhere inside it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider } from 'pagewise';
import { createApiClient } from 'pagewise/client';
import 'pagewise/styles.css';
import { SharesTable } from './ServerTable';

const client = createApiClient({ baseUrl: '/api/pagewise' });
const queryClient = new QueryClient();

export function App({ organizationId }: { organizationId: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <SharesTable organizationId={organizationId} />
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
