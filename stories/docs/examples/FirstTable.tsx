// The "first table" of the Introduction: a shares table with the control, on your API or the proxy.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider, Pagination, useShares } from 'pagewise';
import { createApiClient } from 'pagewise/client';
import 'pagewise/styles.css';

const client = createApiClient({ baseUrl: '/api/pagewise' }); // your backend's proxy: no credentials in the browser
const queryClient = new QueryClient();

// The service does not document its records: name the fields you use.
type MyShare = { id: string; name: string };

function Shares({ organizationId }: { organizationId: string }) {
  const shares = useShares<MyShare>({ organizationId });
  if (shares.isError) return <p role="alert">{shares.error.message}</p>;
  return (
    <>
      <ul aria-busy={shares.isFetching}>
        {shares.data?.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} showTotal />
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <Shares organizationId="3f2b8c1e-6a4d-4e7b-9c2a-1d5e8f7a9b30" />
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
