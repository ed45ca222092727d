import { useEffect } from 'react';
import { useLatestSearchParams } from './useLatestSearchParams';

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

/** The page and size a URL names; an invalid one (`page=abc`, `page=-1`, a size not offered) reads as the default. */
function readPage(params: URLSearchParams): { page: number; size: number } {
  const rawPage = params.get('page');
  // A page is a whole number ≥ 1 in digits; `abc`, `-1`, `0` and `2.5` are not pages.
  const page = rawPage !== null && /^\d+$/.test(rawPage) && +rawPage > 0 ? Number(rawPage) : 1;
  const size = urlPageSizes.find((s) => String(s) === params.get('size')) ?? DEFAULT_SIZE;
  return { page, size };
}

/** The URL written canonically: page and size as they read, defaults left out. */
function canonicalPage(params: URLSearchParams): URLSearchParams {
  const { page, size } = readPage(params);
  return withPage(params, page, size);
}

/**
 * Replaces the URL once with its canonical form when it is not: a replace, so Back never returns to the bad URL. The
 * correction is built on the latest URL, not this render's, so a write made meanwhile stays.
 */
function useCanonicalUrl(
  params: URLSearchParams,
  update: UpdateParams,
  correct: (p: URLSearchParams) => URLSearchParams,
) {
  const invalid = correct(params).toString() !== params.toString();
  useEffect(() => {
    if (invalid) update(correct, { replace: true });
  }, [invalid, update, correct]);
}

type UpdateParams = ReturnType<typeof useLatestSearchParams>[1];

/** Page and size from the URL, with `onChange` writing them on the latest URL: the other params stay as they are. */
function urlPage(params: URLSearchParams, update: UpdateParams) {
  const { page, size } = readPage(params);
  return {
    page,
    pageSize: size,
    onChange: (nextPage: number, nextSize: number) => update((latest) => withPage(latest, nextPage, nextSize)),
  };
}

/**
 * `page` and `size` of `useShares` kept in the URL with React Router: each move pushes a history entry, so Back and
 * Forward move pages; an invalid value (`page=abc`, `page=-1`, a size not offered) is corrected with a replace, so
 * Back never returns to it. Every write is built on the latest URL (`useLatestSearchParams`), never on a render's
 * copy, so a move never undoes a newer one. Spread the result into `useShares`.
 */
export function useUrlPagination() {
  const [params, update] = useLatestSearchParams();
  useCanonicalUrl(params, update, canonicalPage);
  return urlPage(params, update);
}

/** Fields the shares table sorts on; a `sort=` naming anything else is corrected. */
export const urlSortFields = ['name', 'protocol', 'sizeBytes', 'createdAt'];
/** Protocols the filter offers. */
export const urlProtocols = ['SMB', 'NFS'];

interface SortEntry {
  id: string;
  desc: boolean;
}

/** Sort, search and protocol as a URL names them; what it may not name is left out. */
function readList(params: URLSearchParams): ListParams {
  const sort = params
    .getAll('sort')
    .map((value) => value.split(','))
    .filter(
      ([id, direction, ...rest]) =>
        urlSortFields.includes(id!) && (direction === 'asc' || direction === 'desc') && !rest.length,
    )
    .map(([id, direction]) => ({ id: id!, desc: direction === 'desc' }));
  const rawQ = params.get('q') ?? '';
  return { sort, q: rawQ.length <= 64 ? rawQ : '', protocol: urlProtocols.find((p) => p === params.get('protocol')) };
}

interface ListParams {
  sort: readonly SortEntry[];
  q: string;
  protocol: string | undefined;
}

/** `params` with sort, search and protocol written as `next` says. */
function writeList(params: URLSearchParams, next: ListParams): URLSearchParams {
  const url = new URLSearchParams(params);
  url.delete('sort');
  for (const { id, desc } of next.sort) url.append('sort', `${id},${desc ? 'desc' : 'asc'}`);
  if (next.q) url.set('q', next.q);
  else url.delete('q');
  if (next.protocol) url.set('protocol', next.protocol);
  else url.delete('protocol');
  return url;
}

/** The URL with page, size, sort, search and protocol each as they read: what is invalid corrected. */
const canonicalList = (params: URLSearchParams) => writeList(canonicalPage(params), readList(params));

/**
 * Page, size, sort (`sort=name,desc`, repeatable), search (`q`) and a protocol filter of `useShares` in the URL: each
 * change pushes a history entry; invalid values (a sort field not offered, a protocol not offered, an over-long search)
 * are corrected with a replace, as page and size are. Each write is built on the latest URL and changes only what it
 * names: a search that settles while a new sort is still rendering keeps that sort. Spread the result into `useShares`.
 */
export function useUrlList() {
  const [params, update] = useLatestSearchParams();
  useCanonicalUrl(params, update, canonicalList);
  const { sort, q, protocol } = readList(params);
  // A new sort or filter starts at page 1, in the same history entry.
  const rewrite = (change: (latest: ListParams) => ListParams) =>
    update((latest) => {
      const list = change(readList(latest));
      return withPage(writeList(latest, list), 1, readPage(latest).size);
    });
  return {
    ...urlPage(params, update),
    sort,
    filters: { q, protocol },
    onSortChange: (next: readonly SortEntry[]) => rewrite((latest) => ({ ...latest, sort: next })),
    // The table hands over every filter as this render saw them: only the ones it changed are written, so a filter
    // written since (and not yet rendered) is not undone.
    onFiltersChange: (next: Readonly<Record<string, unknown>>) =>
      rewrite((latest) => {
        const nextQ = typeof next.q === 'string' ? next.q : '';
        const nextProtocol = urlProtocols.find((p) => p === next.protocol);
        return {
          ...latest,
          q: nextQ === q ? latest.q : nextQ,
          protocol: nextProtocol === protocol ? latest.protocol : nextProtocol,
        };
      }),
  };
}
