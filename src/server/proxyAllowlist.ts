import { invalidArgument } from '../shared/assert';
import { nameForMessage } from '../client/internal';
import {
  DOCUMENTED_RESOURCES,
  MUST_BE_KEYED_BY_PATH_SEGMENTS,
  RESOURCE_NAME,
  WRITE_METHODS,
  type WriteMethod,
} from '../shared/listEndpoints';
import { checkCursorRule, cursorPaging, type ProxyCursorRule } from './proxyCursor';

/** What a deployment lets the proxy forward for one list endpoint, beyond `page` and `size`. */
export interface ProxyResourceRule {
  /** Fields a `sort=<field>,asc|desc` may name (one parameter per criterion, at most 4). @default [] (no `sort`) */
  sort?: readonly string[];
  /**
   * Filter parameters: the values allowed (an enum, e.g. `protocol: ['SMB', 'NFS']`), or text of at most `maxLength`
   * characters (e.g. `q: { maxLength: 64 }`); at most 8 values per parameter. @default {} (no filter)
   */
  filters?: Readonly<Record<string, readonly string[] | { readonly maxLength: number }>>;
  /**
   * Writes forwarded besides `GET`: `POST` (create on the list), `PUT`, `PATCH`, `DELETE` (on a row). Each only from
   * the app's own origin, as JSON within `maxBodyBytes`; `allowRequest` sees the method and the row. @default [] (reads only)
   */
  methods?: readonly WriteMethod[];
  /**
   * Cursor paging: `true` forwards one opaque cursor (`cursor`, `pageToken`, `starting_after`, `ending_before`,
   * `after` or `before`, at most 1,024 visible ASCII characters) in place of `page`, and rewrites the upstream's
   * next-page links (`Link` header, body `next`/`previous`, HAL `_links`, JSON:API `links`) to this proxy's path; or
   * name the parameters and the length. @default false (pages by number only)
   */
  cursor?: boolean | ProxyCursorRule;
}

/**
 * Per list endpoint (`shares`, `environments` or another path segment), what the proxy forwards. A resource listed
 * here answers any parameter it does not allow with a 400; `shares` and `environments` without an entry keep
 * forwarding `page` and `size` only (other parameters dropped), and other resources without one are not found.
 */
export type ProxyAllowlist = Readonly<Record<string, ProxyResourceRule>>;

const MAX_SORT = 4;
const isList = (accepts: unknown): accepts is readonly string[] => Array.isArray(accepts);
const MAX_VALUES = 8;

/** Throws the argument error naming the part of `allow` that is unusable; returns it checked. */
export function checkAllowlist(allow: unknown): ProxyAllowlist {
  if (allow === undefined) return {};
  const fail = (where: string, what: string) => {
    throw invalidArgument(`allow${where}`, `must be ${what}`);
  };
  if (typeof allow !== 'object' || allow === null || Array.isArray(allow)) fail('', 'a record of resources');
  for (const [resource, rule] of Object.entries(allow as object) as Array<[string, ProxyResourceRule]>) {
    if (!RESOURCE_NAME.test(resource))
      throw invalidArgument(`allow["${resource.slice(0, 32)}"]`, MUST_BE_KEYED_BY_PATH_SEGMENTS);
    if (typeof rule !== 'object' || rule === null)
      fail(`.${resource}`, 'a rule ({ sort?, filters?, cursor?, methods? })');
    if (
      rule.methods !== undefined &&
      !(Array.isArray(rule.methods) && rule.methods.every((method) => WRITE_METHODS.includes(method)))
    )
      fail(`.${resource}.methods`, `an array of ${WRITE_METHODS.join(', ')}`);
    checkCursorRule(rule.cursor, `allow.${resource}.cursor`);
    if (
      rule.sort !== undefined &&
      !(Array.isArray(rule.sort) && rule.sort.every((field) => typeof field === 'string' && /^[\w.-]+$/.test(field)))
    ) {
      fail(`.${resource}.sort`, 'an array of field names');
    }
    for (const [name, accepts] of Object.entries(rule.filters ?? {})) {
      if (!nameForMessage(name) || ['page', 'size', 'sort'].includes(name))
        fail(`.${resource}.filters`, 'keyed by parameter names other than page, size and sort');
      const valid = isList(accepts)
        ? accepts.every((value) => typeof value === 'string')
        : Number.isSafeInteger(accepts?.maxLength) && accepts.maxLength >= 1;
      if (!valid) fail(`.${resource}.filters.${name}`, 'an array of allowed values or { maxLength } (an integer >= 1)');
    }
  }
  return allow as ProxyAllowlist;
}

/** The rule of `resource`, if `allow` has one. */
export const ruleOf = (allow: ProxyAllowlist, resource: string): ProxyResourceRule | undefined =>
  Object.hasOwn(allow, resource) ? allow[resource] : undefined;

/** The writes the proxy forwards for `resource`: what its rule's `methods` name, none without one. */
export function writeMethods(allow: ProxyAllowlist, resource: string): readonly WriteMethod[] {
  return ruleOf(allow, resource)?.methods ?? [];
}

/** Whether the proxy serves `resource` at all. */
export function servesResource(allow: ProxyAllowlist, resource: string): boolean {
  return DOCUMENTED_RESOURCES.includes(resource) || Object.hasOwn(allow, resource);
}

/**
 * The parameters besides `page`, `size` and a cursor to forward for `resource`, in the order they came, or the message of a 400
 * that names the parameter and never repeats its value.
 */
export function allowedParams(
  allow: ProxyAllowlist,
  resource: string,
  query: URLSearchParams,
): Array<[string, string]> | string {
  const rule = ruleOf(allow, resource);
  if (!rule) return [];
  const cursors = cursorPaging(rule)?.params;
  const forward: Array<[string, string]> = [];
  const counts = new Map<string, number>();
  for (const [name, value] of query) {
    if (name === 'page' || name === 'size' || cursors?.has(name)) continue;
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    const named = nameForMessage(name) ?? 'a query parameter';
    if (name === 'sort') {
      const [field, direction, ...rest] = value.split(',');
      const fields = rule.sort ?? [];
      if (!fields.length) return '`sort` is not allowed here';
      if (
        count > MAX_SORT ||
        rest.length ||
        !fields.includes(field!) ||
        (direction !== 'asc' && direction !== 'desc')
      ) {
        return `\`sort\` must be <field>,asc|desc (at most ${MAX_SORT}) with a field of ${fields.join(', ')}`;
      }
    } else {
      const accepts = rule.filters && Object.hasOwn(rule.filters, name) ? rule.filters[name] : undefined;
      if (!accepts) return `${named} is not allowed here`;
      if (count > MAX_VALUES) return `${named} may be given at most ${MAX_VALUES} times`;
      if (isList(accepts) ? !accepts.includes(value) : value.length > accepts.maxLength) {
        return isList(accepts)
          ? `${named} must be one of ${accepts.join(', ')}`
          : `${named} must be at most ${accepts.maxLength} characters`;
      }
    }
    forward.push([name, value]);
  }
  return forward;
}
