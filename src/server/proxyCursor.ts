/**
 * Cursor paging through the proxy: which query parameters of a browser's request are a cursor (only on list endpoints
 * whose `allow` rule turns cursor paging on), and how a page is asked of the upstream (`serializePage`,
 * `cursorParam`). A cursor is only ever a query parameter's value on the proxy's own upstream URL, built from its
 * `baseUrl`, the organization and the resource: nothing a browser sends names a host or a path.
 */
import { assertFunction, invalidArgument } from '../shared/assert';
import { MUST_BE_QUERY_NAME, QUERY_NAME } from '../shared/listEndpoints';
import { DEFAULT_CURSOR_PARAM, pageQuery, springPage } from '../client/internal';
import { fromWirePage, isWireInteger } from '../shared/paging';
import type { SerializePage } from '../client/index';

/** Cursor paging of one list endpoint through the proxy. */
export interface ProxyCursorRule {
  /**
   * Query parameters a cursor may come as, from the browser and in the upstream's next-page links.
   * @default ['cursor', 'pageToken', 'starting_after', 'ending_before', 'after', 'before']
   */
  params?: readonly string[];
  /** Longest cursor forwarded (visible ASCII only); a longer one is answered 400. @default 1024 */
  maxLength?: number;
}

/** The cursor parameters of pagewise's client and of the four public styles (Google, Stripe, DRF, GitHub). */
export const DEFAULT_PROXY_CURSOR_PARAMS: readonly string[] = [
  'cursor',
  'pageToken',
  'starting_after',
  'ending_before',
  'after',
  'before',
];

const DEFAULT_MAX_LENGTH = 1024;
const MAX_MAX_LENGTH = 4096;

/** A rule's cursor paging as the proxy applies it. */
export interface CursorPaging {
  readonly params: ReadonlySet<string>;
  readonly maxLength: number;
}

/** Throws the argument error naming the part of a rule's `cursor` that is unusable. */
export function checkCursorRule(cursor: unknown, where: string): void {
  if (cursor === undefined || typeof cursor === 'boolean') return;
  const fail = (part: string, what: string) => {
    throw invalidArgument(`${where}${part}`, `must be ${what}`);
  };
  if (typeof cursor !== 'object' || cursor === null) fail('', 'true, false or { params?, maxLength? }');
  const { params, maxLength } = cursor as ProxyCursorRule;
  if (
    params !== undefined &&
    !(
      Array.isArray(params) &&
      params.length > 0 &&
      params.every((name) => typeof name === 'string' && QUERY_NAME.test(name))
    )
  )
    fail('.params', `a non-empty array of query parameter names`);
  if (params?.some((name) => ['page', 'size', 'sort'].includes(name)))
    fail('.params', 'names other than page, size and sort');
  if (maxLength !== undefined && !(Number.isSafeInteger(maxLength) && maxLength >= 1 && maxLength <= MAX_MAX_LENGTH))
    fail('.maxLength', `an integer from 1 to ${MAX_MAX_LENGTH}`);
}

/** The cursor paging a rule turns on, or undefined when it pages by number only. */
export function cursorPaging(rule: { cursor?: boolean | ProxyCursorRule } | undefined): CursorPaging | undefined {
  const cursor = rule?.cursor;
  if (!cursor) return undefined;
  const { params = DEFAULT_PROXY_CURSOR_PARAMS, maxLength = DEFAULT_MAX_LENGTH } = cursor === true ? {} : cursor;
  return { params: new Set(params), maxLength };
}

/** A cursor as a request carries it. */
export interface CursorParam {
  name: string;
  value: string;
}

/**
 * The one cursor parameter of `query` under `paging`, undefined when there is none, or the message of a 400 (two
 * cursors, or one that is empty, too long or not visible ASCII) that never repeats a value.
 */
export function readCursor(paging: CursorPaging | undefined, query: URLSearchParams): CursorParam | string | undefined {
  if (!paging) return undefined;
  let found: CursorParam | undefined;
  for (const [name, value] of query) {
    if (!paging.params.has(name)) continue;
    if (found) return 'send one cursor parameter at most';
    if (!value || value.length > paging.maxLength || !/^[\x21-\x7e]+$/.test(value))
      return `\`${name}\` must be a cursor of 1 to ${paging.maxLength} visible ASCII characters`;
    found = { name, value };
  }
  return found;
}

/** The upstream's paging, from the proxy's options: `serializePage` and `cursorParam`, checked. */
export interface UpstreamPagingOptions {
  /**
   * Writes the page the proxy asks its upstream for (its `page` counts from 1) as query parameters, e.g. `({ page, size })
   * => ({ offset: (page - 1) * size, limit: size })`; a cursor the result does not carry goes out as `cursorParam`.
   * @default the wire's zero-based `page` and `size`, as the browser sent them (a cursor in place of `page`)
   */
  serializePage?: SerializePage;
  /** The upstream's query parameter for a cursor. @default the parameter the browser sent the cursor as */
  cursorParam?: string;
}

/**
 * The query parameters that ask the upstream for the page the browser asked for by its wire number (zero-based) or by
 * cursor; throws for unusable options.
 */
export function upstreamPaging(
  options: UpstreamPagingOptions,
): (wirePage: number, size: number, cursor: CursorParam | undefined) => Array<[string, string]> {
  const serialize = options.serializePage ?? springPage;
  assertFunction('serializePage', serialize);
  const { cursorParam } = options;
  if (cursorParam !== undefined && !(typeof cursorParam === 'string' && QUERY_NAME.test(cursorParam)))
    throw invalidArgument('cursorParam', MUST_BE_QUERY_NAME, cursorParam);
  return (wirePage, size, cursor) =>
    pageQuery(serialize, {
      page: fromWirePage(wirePage),
      size,
      cursor: cursor?.value,
      cursorParam: cursorParam ?? cursor?.name ?? DEFAULT_CURSOR_PARAM,
    });
}

/**
 * Which wire page (zero-based) an upstream link asks for, where `serializePage` writes pages the upstream's way: the
 * parameter that moves between pages 1 and 2 as `serializePage` writes them, read back by the same straight line
 * (`?page=3` of a 1-based service, `?offset=40` of an offset one). A link without it is the first page (Django REST
 * Framework drops `page=1`). Undefined for the default paging, and for a link that is no page of that line.
 */
export function upstreamPageOf(
  options: UpstreamPagingOptions,
): ((params: URLSearchParams, size: number) => number | undefined) | undefined {
  const serialize = options.serializePage;
  if (serialize === undefined) return undefined;
  return (params, size) => {
    const first = new Map(pageQuery(serialize, { page: 1, size, cursorParam: DEFAULT_CURSOR_PARAM }));
    const second = new Map(pageQuery(serialize, { page: 2, size, cursorParam: DEFAULT_CURSOR_PARAM }));
    const name = [...first.keys()].find((key) => first.get(key) !== second.get(key));
    if (name === undefined) return undefined;
    const [start, step] = [Number(first.get(name)), Number(second.get(name)) - Number(first.get(name))];
    const value = params.get(name);
    if (value === null) return 0;
    const page = (Number(value) - start) / step;
    return isWireInteger(value) && step > 0 && Number.isSafeInteger(page) && page >= 0 ? page : undefined;
  };
}
