import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

/** Builds the next search params from the latest ones; return a new object or the one given, changed. */
export type SearchParamsUpdate = (latest: URLSearchParams) => URLSearchParams;

const canonical = (search: string) => new URLSearchParams(search).toString();

/**
 * React Router's search params, and a writer that builds every write on the latest URL asked for: the last one this
 * writer navigated to while it is still on its way to the screen, else the one shown.
 *
 * Why not `setSearchParams(fn)`: React Router hands `fn` the params of the last render, and a navigation renders in a
 * transition. A write made before the one before it has rendered (a search settling while a sort is still rendering
 * on a busy machine, or two writes in one handler) is then built on the older URL and undoes the newer one.
 *
 * The writes not yet shown are kept in order after the URL on screen: a render that shows one of them drops those
 * before it; a URL on screen that is none of them came from elsewhere (Back, Forward, a link) and starts again.
 */
export function useLatestSearchParams(): [
  params: URLSearchParams,
  update: (next: SearchParamsUpdate, options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The URL on screen, then the writes asked for since, in order: the last is the latest.
  const asked = useRef([canonical(search)]);
  useEffect(() => {
    const shown = canonical(search);
    const at = asked.current.lastIndexOf(shown);
    asked.current = at >= 0 ? asked.current.slice(at) : [shown];
  }, [search]);
  const update = useCallback(
    (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const written = next(new URLSearchParams(asked.current[asked.current.length - 1])).toString();
      asked.current = [...asked.current, written];
      navigate(`?${written}`, options);
    },
    [navigate],
  );
  return [params, update];
}
