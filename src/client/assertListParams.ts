import { formatValue as show } from '../shared/formatValue';
import { isUuid } from './isUuid';
import type { ListParams } from './types';

/** A path segment of a list endpoint: what `/{organizationId}/{resource}` may name. */
export const RESOURCE_NAME = /^[A-Za-z][\w-]*$/;

/** Query parameters the client writes itself; a filter of the same name would be ambiguous on the wire. */
const RESERVED = new Set(['page', 'size', 'sort']);

const isScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** The first problem of a sort or filters argument, or undefined. */
function sortAndFiltersProblem({ sort, filters }: ListParams): string | undefined {
  if (sort != null) {
    if (!Array.isArray(sort)) return `\`sort\` must be an array of { id, desc }, got ${show(sort)}`;
    const index = sort.findIndex((entry) => typeof entry?.id !== 'string' || !entry.id || typeof entry.desc !== 'boolean');
    if (index >= 0) return `\`sort[${index}]\` must be { id: string, desc: boolean }, got ${show(sort[index])}`;
  }
  if (filters == null) return undefined;
  if (typeof filters !== 'object' || Array.isArray(filters)) return `\`filters\` must be a record of values, got ${show(filters)}`;
  for (const [name, value] of Object.entries(filters)) {
    if (RESERVED.has(name)) return `\`filters.${name}\` is reserved (the client sends \`${name}\` itself)`;
    const items = Array.isArray(value) ? value : [value];
    if (!items.every((item) => item == null || isScalar(item))) {
      return `\`filters.${name}\` must be a string, finite number, boolean or an array of them, got ${show(value)}`;
    }
  }
  return undefined;
}

/** Throws a `TypeError` naming the first bad argument of a list call. */
export function assertListParams(params: ListParams, resource?: string): void {
  const { organizationId, page, size, signal } = params ?? ({} as ListParams);
  let problem: string | undefined;
  if (resource !== undefined && !(typeof resource === 'string' && RESOURCE_NAME.test(resource))) {
    problem = `\`resource\` must be a path segment (letters, digits, - and _), got ${show(resource)}`;
  } else if (!isUuid(organizationId)) problem = `\`organizationId\` must be a UUID, got ${show(organizationId)}`;
  else if (!(Number.isSafeInteger(page) && page >= 0)) problem = `\`page\` must be an integer >= 0 (zero-based), got ${show(page)}`;
  else if (!(Number.isSafeInteger(size) && size >= 1)) problem = `\`size\` must be an integer >= 1, got ${show(size)}`;
  // Duck-typed: a signal from another realm (jsdom, an iframe) is still a signal.
  else if (signal != null && typeof signal.addEventListener !== 'function') problem = `\`signal\` must be an AbortSignal, got ${show(signal)}`;
  else problem = sortAndFiltersProblem(params);
  if (problem) throw new TypeError(`pagewise: ${problem}`);
}
