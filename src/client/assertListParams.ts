import { formatValue as show } from '../shared/assert';
import { isUuid } from './url';
import type { ListParams } from './types';

/** A path segment of a list endpoint: what `/{organizationId}/{resource}` may name. */
export const RESOURCE_NAME = /^[A-Za-z][\w-]*$/;

/** Query parameters the client writes itself. */
const RESERVED = new Set(['page', 'size', 'sort']);

const isScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** The first problem of a sort or filters argument, or undefined. */
function sortAndFiltersProblem({ sort, filters }: ListParams): string | undefined {
  if (
    sort != null &&
    !(
      Array.isArray(sort) &&
      sort.every((entry) => entry?.id && typeof entry.id === 'string' && typeof entry.desc === 'boolean')
    )
  ) {
    return `\`sort\` must be an array of { id: string, desc: boolean }, got ${show(sort)}`;
  }
  if (filters != null && (typeof filters !== 'object' || Array.isArray(filters)))
    return `\`filters\` must be a record, got ${show(filters)}`;
  for (const [name, value] of Object.entries(filters ?? {})) {
    // The client writes page, size and sort itself: a filter of the same name would be ambiguous on the wire.
    if (
      RESERVED.has(name) ||
      !(Array.isArray(value) ? value : [value]).every((item) => item == null || isScalar(item))
    ) {
      return `\`filters.${name}\` must be a string, finite number, boolean or an array of them, and not page, size or sort`;
    }
  }
  return undefined;
}

/** Throws a `TypeError` naming the first bad argument of a list call. */
export function assertListParams(params: ListParams, resource?: string): void {
  const { organizationId, page, size, signal } = params ?? ({} as ListParams);
  let problem: string | undefined;
  if (resource !== undefined && !(typeof resource === 'string' && RESOURCE_NAME.test(resource))) {
    problem = `\`resource\` must be a path segment, got ${show(resource)}`;
  } else if (!isUuid(organizationId)) problem = `\`organizationId\` must be a UUID, got ${show(organizationId)}`;
  else if (!(Number.isSafeInteger(page) && page >= 0))
    problem = `\`page\` must be an integer >= 0 (zero-based), got ${show(page)}`;
  else if (!(Number.isSafeInteger(size) && size >= 1)) problem = `\`size\` must be an integer >= 1, got ${show(size)}`;
  // Duck-typed: a signal from another realm (jsdom, an iframe) is still a signal.
  else if (signal != null && typeof signal.addEventListener !== 'function')
    problem = `\`signal\` must be an AbortSignal, got ${show(signal)}`;
  else problem = sortAndFiltersProblem(params);
  if (problem) throw new TypeError(`pagewise: ${problem}`);
}
