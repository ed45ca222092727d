// A list paged by cursor with its page in the URL: `?page=3&cursor=…&cursorParam=…` shows the same rows after a
// reload and on a shared link, asked for with one request. React Router here, through `useLatestSearchParams` (every
// write built on the latest URL, not on a render's copy, so the cursor's write never undoes a newer page move); any
// router's search params work alike, and the server reads the same parameters to prefetch (below).
import { useEffect } from 'react';
import { useLatestSearchParams } from '../../support/useLatestSearchParams';
import { Pagination, readUrlCursor, sharesQueryOptions, useShares, writeUrlCursor } from 'pagewise';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from 'pagewise/client';

/** A whole page number ≥ 1 in digits; anything else is page 1. */
const pageOf = (params: URLSearchParams) =>
  /^[1-9]\d{0,8}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;

export function CursorShares({ organizationId }: { organizationId: string }) {
  const [params, setParams] = useLatestSearchParams();
  const page = pageOf(params);
  const shares = useShares<{ id: string; name: string }>({
    organizationId,
    page,
    // The cursor the URL carries for this page; without one, the hook walks from the pages it has.
    cursor: readUrlCursor(params, page),
    // A move pushes the new page without a cursor (the one for it is known once the page is)...
    onChange: (next) =>
      setParams((current) => {
        const url = writeUrlCursor(current, undefined, next);
        url.set('page', String(next));
        return url;
      }),
  });
  // ...and once a page reached by cursor is on screen, its cursor joins the URL in the same history entry.
  const { cursor } = shares;
  useEffect(() => {
    if (cursor && cursor.page === page && params.get('cursor') !== cursor.cursor)
      setParams((current) => writeUrlCursor(current, cursor, page), { replace: true });
  }, [cursor, page, params, setParams]);
  return (
    <>
      <ul>
        {shares.data?.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} showTotal />
    </>
  );
}

/** On the server (a loader, a Server Component): prefetch the page the URL names, by its cursor when it has one. */
export async function prefetchCursorPage(
  queryClient: QueryClient,
  client: ApiClient,
  organizationId: string,
  url: URL,
) {
  const page = pageOf(url.searchParams);
  await queryClient.query(
    sharesQueryOptions({ client, organizationId, page, cursor: readUrlCursor(url.searchParams, page) }),
  );
}
