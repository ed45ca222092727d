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
