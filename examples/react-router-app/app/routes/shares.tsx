import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { Pagination, sharesQueryOptions, useListPlace, useShares } from 'pagewise';
import type { ApiRecord } from 'pagewise/client';
import { useRef, type AnchorHTMLAttributes } from 'react';
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { organizationId, serverClient } from '../lib/pagewise.server';
import { PAGE_PARAM_NAMES, PAGE_SIZES, readPageParams, withPageParams } from '../lib/pageParams';
import { useLatestSearchParams } from '../lib/useLatestSearchParams';
import type { Route } from './+types/shares';

interface ShareRow extends ApiRecord {
  name?: string;
  protocol?: string;
  path?: string;
}

export async function loader({ request }: Route.LoaderArgs) {
  // The browser's parser, so the page prefetched here is the page the browser shows.
  const { page, size } = readPageParams(new URL(request.url).searchParams);
  const queryClient = new QueryClient();
  // A failed fetch is not a failed render: the browser's useShares retries through the proxy and shows the error.
  await queryClient
    .query(sharesQueryOptions({ client: serverClient, organizationId, page, pageSize: size }))
    .catch(() => undefined);
  return { organizationId, dehydratedState: dehydrate(queryClient) };
}

/**
 * A page move changes only `page` and `size`: useShares fetches that page through the proxy (or has it prefetched
 * already), so running the loader again would fetch it upstream a second time. Anything else (another path, other
 * params, a form submission) revalidates as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of PAGE_PARAM_NAMES) params.delete(name);
    params.sort();
    return params.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
}

/** React Router's `Link` as Pagination's `linkComponent`: it takes `to`, the control passes `href` (always a string). */
function RouterLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...rest} to={href!} preventScrollReset />;
}

function Shares({ organizationId }: { organizationId: string }) {
  // Each write is built on the latest URL, not on this render's copy (see useLatestSearchParams).
  const [searchParams, setSearchParams] = useLatestSearchParams();
  const { page, size } = readPageParams(searchParams);
  const shares = useShares<ShareRow>({
    organizationId,
    page,
    pageSize: size,
    // Each move pushes a history entry, so Back and Forward move between pages; shouldRevalidate keeps the loader out.
    onChange: (next, nextSize) =>
      setSearchParams((latest) => withPageParams(latest, next, nextSize), { preventScrollReset: true }),
  });
  // After a page move the table's top comes into view if it was scrolled past; Back and Forward are left to the
  // router's scroll restoration. The table keeps a full page's height while a page loads and on the last page.
  const region = useRef<HTMLDivElement>(null);
  useListPlace(region, shares, { keepHeight: true });
  return (
    <section aria-labelledby="shares-heading" className="shares">
      <h2 id="shares-heading">Page {shares.pagination.current}</h2>
      {shares.isError && <p role="alert">Could not load the shares: {shares.error.message}</p>}
      <div ref={region}>
        <table aria-labelledby="shares-heading" aria-busy={shares.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Protocol</th>
              <th scope="col">Path</th>
            </tr>
          </thead>
          <tbody>
            {shares.data?.items.map((share) => (
              <tr key={share.id}>
                <td>{share.name ?? share.id}</td>
                <td>{share.protocol}</td>
                <td>{share.path}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Link mode: real hrefs (server-rendered, middle-click, new tab); a plain click stays in the app (onChange). */}
      <Pagination
        {...shares.pagination}
        pageSizeOptions={PAGE_SIZES}
        showTotal
        aria-label="Shares pages"
        getPageHref={(p) => `?${withPageParams(searchParams, p, shares.pagination.pageSize)}`}
        linkComponent={RouterLink}
      />
    </section>
  );
}

export default function SharesPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="app">
      <h1>Shares</h1>
      <HydrationBoundary state={loaderData.dehydratedState}>
        <Shares organizationId={loaderData.organizationId} />
      </HydrationBoundary>
    </main>
  );
}
