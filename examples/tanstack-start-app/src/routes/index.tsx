import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Pagination, sharesQueryOptions, useListPlace, useShares } from 'pagewise';
import { useRef } from 'react';
import type { ApiRecord } from 'pagewise/client';
import { getOrganizationId, pagewiseClient } from '../lib/pagewise';
import { PAGE_SIZES, pageSearch, readPageParams, withPageSearch, type PageSearch } from '../lib/pageParams';

interface ShareRow extends ApiRecord {
  name?: string;
  protocol?: string;
  path?: string;
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): PageSearch => {
    const { page, size } = readPageParams(search);
    return pageSearch(page, size);
  },
  // The loader runs once, when the route is entered (server rendering, for this app), and prefetches the page in the
  // URL. A page move changes only the search, which is no new match without `loaderDeps`; `shouldReload: false` keeps
  // the loader out of it, as useShares fetches that page (or has prefetched it) already: running the loader again
  // would ask the service a second time.
  shouldReload: false,
  loader: async ({ context, location }) => {
    const organizationId = await getOrganizationId();
    // The search validation's parser, so the page prefetched here is the page the browser shows.
    const { page, size } = readPageParams(location.search);
    // A failed fetch is not a failed render: the browser's useShares retries through the server function.
    await context.queryClient
      .query(sharesQueryOptions({ client: pagewiseClient, organizationId, page, pageSize: size }))
      .catch(() => undefined);
    return { organizationId };
  },
  component: SharesPage,
});

function Shares({ organizationId }: { organizationId: string }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { page, size } = readPageParams(search);
  const shares = useShares<ShareRow>({
    organizationId,
    page,
    pageSize: size,
    // Each move pushes a history entry, so Back and Forward move between pages; the loader stays out (shouldReload).
    // The search as a function of the router's latest one (not this render's), so a move never undoes a newer write.
    onChange: (next, nextSize) =>
      navigate({ search: (latest) => withPageSearch(latest, next, nextSize), resetScroll: false }),
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
        getPageHref={(p) => hrefOf(pageSearch(p, shares.pagination.pageSize))}
      />
    </section>
  );
}

/** The path of this route with `search`, as the router writes it (numbers as they are). */
function hrefOf(search: PageSearch): string {
  const params = new URLSearchParams(Object.entries(search).map(([name, value]) => [name, String(value)]));
  return params.size ? `/?${params}` : '/';
}

function SharesPage() {
  const { organizationId } = Route.useLoaderData();
  return (
    <main className="app">
      <h1>Shares</h1>
      <Shares organizationId={organizationId} />
    </main>
  );
}
