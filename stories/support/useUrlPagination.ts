import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The page sizes the URL may name; anything else in `size=` is corrected. */
export const urlPageSizes = [10, 20, 50, 100];

const DEFAULT_SIZE = 20;

/** `params` with `page` and `size` written canonically: defaults left out, so `/shares` is page 1 of 20. */
function withPage(params: URLSearchParams, page: number, size: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  if (size === DEFAULT_SIZE) next.delete('size');
  else next.set('size', String(size));
  return next;
}

/**
 * `page` and `size` of `useShares` kept in the URL with React Router's `useSearchParams`: each move pushes a history
 * entry, so Back and Forward move pages; an invalid value (`page=abc`, `page=-1`, a size not offered) is corrected with
 * a replace, so Back never returns to it. Spread the result into `useShares`.
 */
export function useUrlPagination() {
  const [params, setParams] = useSearchParams();
  const rawPage = params.get('page');
  const rawSize = params.get('size');
  // A page is a whole number ≥ 1 in digits; `abc`, `-1`, `0` and `2.5` are not pages.
  const page = rawPage !== null && /^\d+$/.test(rawPage) && +rawPage > 0 ? Number(rawPage) : 1;
  const size = urlPageSizes.find((s) => String(s) === rawSize) ?? DEFAULT_SIZE;
  const canonical = withPage(params, page, size).toString();
  const invalid = canonical !== params.toString();
  useEffect(() => {
    if (invalid) setParams(new URLSearchParams(canonical), { replace: true });
  }, [invalid, canonical, setParams]);
  return {
    page,
    pageSize: size,
    onChange: (nextPage: number, nextSize: number) => setParams((current) => withPage(current, nextPage, nextSize)),
  };
}

/** Fields the shares table sorts on; a `sort=` naming anything else is corrected. */
export const urlSortFields = ['name', 'protocol', 'sizeBytes', 'createdAt'];
/** Protocols the filter offers. */
export const urlProtocols = ['SMB', 'NFS'];

interface SortEntry {
  id: string;
  desc: boolean;
}

/**
 * Page, size, sort (`sort=name,desc`, repeatable), search (`q`) and a protocol filter of `useShares` in the URL: each
 * change pushes a history entry; invalid values (a sort field not offered, a protocol not offered, an over-long search)
 * are corrected with a replace, as page and size are. Spread the result into `useShares`.
 */
export function useUrlList() {
  const [params, setParams] = useSearchParams();
  const paging = useUrlPagination();
  const sort: SortEntry[] = params
    .getAll('sort')
    .map((value) => value.split(','))
    .filter(
      ([id, direction, ...rest]) =>
        urlSortFields.includes(id!) && (direction === 'asc' || direction === 'desc') && !rest.length,
    )
    .map(([id, direction]) => ({ id: id!, desc: direction === 'desc' }));
  const rawQ = params.get('q') ?? '';
  const q = rawQ.length <= 64 ? rawQ : '';
  const protocol = urlProtocols.find((p) => p === params.get('protocol'));
  const write = (
    current: URLSearchParams,
    next: { sort: readonly SortEntry[]; q: string; protocol: string | undefined },
  ) => {
    const url = new URLSearchParams(current);
    url.delete('sort');
    for (const { id, desc } of next.sort) url.append('sort', `${id},${desc ? 'desc' : 'asc'}`);
    if (next.q) url.set('q', next.q);
    else url.delete('q');
    if (next.protocol) url.set('protocol', next.protocol);
    else url.delete('protocol');
    return url;
  };
  const canonical = write(params, { sort, q, protocol }).toString();
  const invalid = canonical !== params.toString();
  useEffect(() => {
    if (invalid) setParams(new URLSearchParams(canonical), { replace: true });
  }, [invalid, canonical, setParams]);
  const filters = { q, protocol };
  return {
    ...paging,
    sort,
    filters,
    // A new sort or filter starts at page 1, in the same history entry.
    onSortChange: (next: readonly SortEntry[]) =>
      setParams((current) => withPage(write(current, { sort: next, q, protocol }), 1, paging.pageSize)),
    onFiltersChange: (next: Readonly<Record<string, unknown>>) =>
      setParams((current) =>
        withPage(
          write(current, {
            sort,
            q: typeof next.q === 'string' ? next.q : '',
            protocol: urlProtocols.find((p) => p === next.protocol),
          }),
          1,
          paging.pageSize,
        ),
      ),
  };
}
