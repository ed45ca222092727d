'use client';

import Link from 'next/link';
import { useRef, type ComponentProps } from 'react';
import { usePathname } from 'next/navigation';
import { useQueryStates } from 'nuqs';
import { Pagination, useListPlace, useShares } from 'pagewise';
import type { ApiRecord } from 'pagewise/client';
import { PAGE_SIZES, pageHref, pageParams, toPageSize } from '../lib/pageParams';

interface ShareRow extends ApiRecord {
  name?: string;
  protocol?: string;
  path?: string;
}

/**
 * next/link without prefetching: Next would otherwise fetch the Server Component payload of every page link in view,
 * which renders the page on the server and fetches its rows from the service, for pages useShares fetches itself
 * (the next one already prefetched) without a server round trip.
 */
function PageLink(props: ComponentProps<typeof Link>) {
  return <Link {...props} prefetch={false} />;
}

export function Shares({ organizationId }: { organizationId: string }) {
  // Shallow (nuqs's default): a page move changes the URL and the rows, without a Server Component round trip.
  // Each move pushes a history entry, so Back and Forward move between pages.
  const [{ page, size }, setParams] = useQueryStates(pageParams, { history: 'push' });
  const pathname = usePathname();
  const shares = useShares<ShareRow>({
    organizationId,
    page,
    pageSize: size,
    onChange: (next, nextSize) => void setParams({ page: next, size: toPageSize(nextSize) }),
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
        pageSizeOptions={[...PAGE_SIZES]}
        showTotal
        aria-label="Shares pages"
        getPageHref={(p) => pageHref(pathname, { page: p, size: toPageSize(shares.pagination.pageSize) })}
        linkComponent={PageLink}
      />
    </section>
  );
}
