import { assertInteger, invalidArgument } from '../shared/assert';
import {
  isOrganization,
  MUST_BE_PATH_SEGMENT,
  MUST_BE_QUERY_NAME,
  QUERY_NAME,
  RESOURCE_NAME,
} from '../shared/listEndpoints';
import type { ListParams, ListParamsByCursor } from './types';
import { MAX_CURSOR_LENGTH } from './pageQuery';

/** Query parameters the client writes itself. */
const RESERVED = new Set(['page', 'size', 'sort']);

const isScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** Throws the argument error naming the first bad sort or filter of a list call. */
function assertSortAndFilters({ sort, filters }: ListParams): void {
  if (
    sort != null &&
    !(
      Array.isArray(sort) &&
      sort.every((entry) => entry?.id && typeof entry.id === 'string' && typeof entry.desc === 'boolean')
    )
  ) {
    throw invalidArgument('sort', 'must be an array of { id: string, desc: boolean }', sort);
  }
  if (filters != null && (typeof filters !== 'object' || Array.isArray(filters)))
    throw invalidArgument('filters', 'must be a record', filters);
  for (const [name, value] of Object.entries(filters ?? {})) {
    // The client writes page, size and sort itself: a filter of the same name would be ambiguous on the wire.
    if (
      RESERVED.has(name) ||
      !(Array.isArray(value) ? value : [value]).every((item) => item == null || isScalar(item))
    ) {
      throw invalidArgument(
        `filters.${name}`,
        'must be a string, finite number, boolean or an array of them, and not page, size or sort',
      );
    }
  }
}

/** Where a call puts the organization: in its route's path or query (`organized`), or elsewhere (a header, nowhere). */
export interface OrganizationPlace {
  /** The route names `{organizationId}`. @default true */
  organized?: boolean;
}

/**
 * Throws the argument error for an `organizationId` the call cannot carry: a UUID where the route names it (the
 * service's identifiers); else a name of URL-safe characters, which reads the same wherever a call crosses (a header,
 * a server function's input, a log line) and keeps a query cache's lists apart.
 */
export function assertOrganization(organizationId: unknown, { organized = true }: OrganizationPlace = {}): void {
  if (!isOrganization(organized, organizationId))
    throw invalidArgument(
      'organizationId',
      organized ? 'must be a UUID' : 'must be a UUID or a name of 1 to 200 URL-safe characters',
      organizationId,
    );
}

/** Throws the argument error naming the first bad argument of a list call. */
export function assertListParams(params: ListParams, resource: unknown, place?: OrganizationPlace): void {
  const { organizationId, page, size, signal, cursor, cursorParam } = (params ?? {}) as Partial<ListParamsByCursor>;
  if (!(typeof resource === 'string' && RESOURCE_NAME.test(resource)))
    throw invalidArgument('resource', MUST_BE_PATH_SEGMENT, resource);
  assertOrganization(organizationId, place);
  if (cursor !== undefined || page !== undefined) assertInteger('page', page ?? 1, 1);
  else throw invalidArgument('page', 'or `cursor` is required');
  if (cursor !== undefined && !(typeof cursor === 'string' && cursor && cursor.length <= MAX_CURSOR_LENGTH))
    throw invalidArgument(
      'cursor',
      `must be a previous page's nextCursor: a non-empty string of at most ${MAX_CURSOR_LENGTH} characters`,
    );
  if (cursorParam !== undefined && !(typeof cursorParam === 'string' && QUERY_NAME.test(cursorParam)))
    throw invalidArgument('cursorParam', MUST_BE_QUERY_NAME, cursorParam);
  assertInteger('size', size, 1);
  // Duck-typed: a signal from another realm (jsdom, an iframe) is still a signal.
  if (signal != null && typeof signal.addEventListener !== 'function')
    throw invalidArgument('signal', 'must be an AbortSignal', signal);
  assertSortAndFilters(params);
}

/** Throws the argument error for a resource that is not a string (`assertListParams` judges the string). */
export function assertResource(resource: unknown): asserts resource is string {
  if (typeof resource !== 'string') throw invalidArgument('resource', MUST_BE_PATH_SEGMENT, resource);
}
