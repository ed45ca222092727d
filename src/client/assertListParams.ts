import { formatValue as show } from '../shared/formatValue';
import { isUuid } from './isUuid';
import type { ListParams } from './types';

/** Throws a `TypeError` naming the first bad argument of a list call. */
export function assertListParams(params: ListParams): void {
  const { organizationId, page, size, signal } = params ?? ({} as ListParams);
  let problem: string | undefined;
  if (!isUuid(organizationId)) problem = `\`organizationId\` must be a UUID, got ${show(organizationId)}`;
  else if (!(Number.isSafeInteger(page) && page >= 0)) problem = `\`page\` must be an integer >= 0 (zero-based), got ${show(page)}`;
  else if (!(Number.isSafeInteger(size) && size >= 1)) problem = `\`size\` must be an integer >= 1, got ${show(size)}`;
  // Duck-typed: a signal from another realm (jsdom, an iframe) is still a signal.
  else if (signal != null && typeof signal.addEventListener !== 'function') problem = `\`signal\` must be an AbortSignal, got ${show(signal)}`;
  if (problem) throw new TypeError(`pagewise: ${problem}`);
}
