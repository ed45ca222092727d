import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { SearchParams } from 'nuqs/server';
import { sharesQueryOptions } from 'pagewise';
import { loadPageParams } from '../lib/pageParams';
import { organizationId, serverPagewise } from '../lib/pagewise.server';
import { Shares } from './shares';

export default async function SharesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // The browser's parsers, so the page prefetched here is the page the browser shows.
  const { page, size } = await loadPageParams(searchParams);
  const organization = organizationId();
  const queryClient = new QueryClient();
  // A failed fetch is not a failed render: the browser's useShares retries through the proxy and shows the error.
  await queryClient
    .query(sharesQueryOptions({ client: serverPagewise().client, organizationId: organization, page, pageSize: size }))
    .catch(() => undefined);
  return (
    <main className="app">
      <h1>Shares</h1>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <Shares organizationId={organization} />
      </HydrationBoundary>
    </main>
  );
}
