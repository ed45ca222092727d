/**
 * The mock's cursor modes: lists paged the way Stripe, Django REST Framework's CursorPagination, GitHub's `Link`
 * cursors, Google's page tokens and offset/limit services page them, each ignoring `page` as those services do. Cursors are
 * keyset positions (the row a page ended on, found again by its id), so rows inserted or deleted between requests
 * never make a walk repeat or skip a row; sort and filters apply before the position is looked up.
 */
import { HttpResponse } from 'msw';
import type { ApiRecord } from '../client/index';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, isWireInteger } from '../shared/paging';
import { idOf, type Listing } from './listing';
import type { MockCursorShape, MockResponseShape } from './types';

export const CURSOR_SHAPES: readonly MockCursorShape[] = ['stripe', 'cursor', 'link-cursor', 'page-token', 'offset'];

export const isCursorShape = (shape: MockResponseShape): shape is MockCursorShape =>
  (CURSOR_SHAPES as readonly string[]).includes(shape);

/** Query parameters that carry a position in a cursor mode. */
const POSITION_PARAMS = ['starting_after', 'ending_before', 'cursor', 'after', 'before', 'pageToken'];

/** Query parameters the cursor modes page by: never read as filters, in any shape. */
export const CURSOR_MODE_PARAMS: readonly string[] = [...POSITION_PARAMS, 'pageSize', 'limit', 'offset'];

/** Longest cursor the mock reads; a longer one is refused like a malformed one. */
const MAX_TOKEN_LENGTH = 1024;

/** Each mode's parameter for the page size, in the order they are read (`size` is what pagewise sends by default). */
const SIZE_PARAMS: Record<MockCursorShape, readonly string[]> = {
  stripe: ['limit', 'size'],
  cursor: ['size'],
  'link-cursor': ['size'],
  'page-token': ['pageSize', 'size'],
  offset: ['limit', 'size'],
};

/** A keyset position: the row's index when the cursor was made, its id, and whether to page backwards from it. */
interface Position {
  i: number;
  id?: string;
  r?: 1;
}

function encode(position: Position): string {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The position an opaque cursor holds, or null when it is not one the mock made. */
function decode(token: string): Position | null {
  if (token.length > MAX_TOKEN_LENGTH || !/^[\w-]+$/.test(token)) return null;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { i, id, r } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(i) || (i as number) < 0) return null;
    if (id !== undefined && typeof id !== 'string') return null;
    if (r !== undefined && r !== 1) return null;
    return value as Position;
  } catch {
    return null;
  }
}

/** Ids of rows that ended a page, with their index, so a Stripe `starting_after` finds its row without a scan. */
export type CursorHints = Map<string, number>;
const MAX_HINTS = 1024;

function remember(hints: CursorHints, id: string | undefined, index: number): void {
  if (id === undefined) return;
  hints.delete(id);
  hints.set(id, index);
  if (hints.size > MAX_HINTS) hints.delete(hints.keys().next().value!);
}

/** The rows on one side of a row (or of a position), `size` of them at most. */
interface Window {
  items: ApiRecord[];
  /** Index of the first row. */
  start: number;
  /** Whether rows follow the window. */
  after: boolean;
  /** Whether rows precede it. */
  before: boolean;
}

function windowAfter(listing: Listing, index: number, size: number): Window {
  const start = Math.max(0, index + 1);
  const items = listing.slice(start, start + size);
  return { items, start, after: start + items.length < listing.length, before: start > 0 };
}

function windowBefore(listing: Listing, index: number, size: number): Window {
  const end = Math.max(0, Math.min(index, listing.length));
  const start = Math.max(0, end - size);
  return { items: listing.slice(start, end), start, after: end < listing.length, before: start > 0 };
}

/** Where the row a cursor names is now: found by id (at its old index first), else its old index (a deleted row). */
function locate(listing: Listing, position: Position): number {
  const found = position.id === undefined ? -1 : listing.indexOf(position.id, position.i);
  return found >= 0 ? found : position.i;
}

const lastPosition = (w: Window): Position => {
  const i = w.start + w.items.length - 1;
  const id = idOf(w.items.at(-1));
  return id === undefined ? { i } : { i, id };
};
const firstPosition = (w: Window): Position => {
  const id = idOf(w.items[0]);
  return id === undefined ? { i: w.start } : { i: w.start, id };
};

/** The request URL with paging parameters replaced: the link to another page keeps size, sort and filters. */
function linkTo(url: URL, params: Record<string, string>): string {
  const link = new URL(url);
  for (const name of ['page', ...POSITION_PARAMS]) link.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) link.searchParams.set(name, value);
  return link.href;
}

/** The page size a cursor-mode request asks for (null when malformed), and the page it stands for (offset only). */
export function cursorModeSize(shape: MockCursorShape, url: URL): { size: number | null; page?: number } {
  const name = SIZE_PARAMS[shape].find((candidate) => url.searchParams.has(candidate));
  const raw = name === undefined ? String(DEFAULT_PAGE_SIZE) : url.searchParams.get(name)!;
  const size = isWireInteger(raw) && +raw >= 1 && +raw <= MAX_PAGE_SIZE ? +raw : null;
  if (shape !== 'offset' || size === null) return { size };
  const offset = url.searchParams.get('offset') ?? '0';
  return isWireInteger(offset) ? { size, page: Math.floor(+offset / size) } : { size };
}

/** What a cursor-mode page is made from. */
export interface CursorRequest {
  resource: string;
  url: URL;
  listing: Listing;
  size: number;
  hints: CursorHints;
}

/** The position a cursor parameter names: null when absent, `message` when it names none. */
function positionParam(request: CursorRequest, name: string, message: string): Position | string | null {
  const value = request.url.searchParams.get(name);
  if (value === null) return null;
  return decode(value) ?? message;
}

/** `w`, its last row remembered where it sat, so a later cursor finds it fast. */
function ended(request: CursorRequest, w: Window): Window {
  if (w.items.length) remember(request.hints, idOf(w.items.at(-1)), w.start + w.items.length - 1);
  return w;
}

/** Stripe: `{ object: 'list', data, has_more }`, the next page after the row `starting_after` names (or before `ending_before`). */
function stripePage(request: CursorRequest): Response | string {
  const { url, listing, size, hints } = request;
  const after = url.searchParams.get('starting_after');
  const before = after === null ? url.searchParams.get('ending_before') : null;
  const id = after ?? before;
  let index = -1;
  if (id !== null) {
    index = listing.indexOf(id, hints.get(id));
    const singular = request.resource.replace(/s$/, '');
    if (index < 0) return `No such ${singular}: '${id.slice(0, 64)}'`;
  }
  const w = ended(request, before !== null ? windowBefore(listing, index, size) : windowAfter(listing, index, size));
  const hasMore = before !== null ? w.before : w.after;
  return HttpResponse.json({ object: 'list', url: url.pathname, data: w.items, has_more: hasMore });
}

/** Django REST Framework's CursorPagination: `{ next, previous, results }` with opaque `?cursor=` URLs. */
function cursorLinksPage(request: CursorRequest): Response | string {
  const { url, listing, size } = request;
  const position = positionParam(request, 'cursor', 'Invalid cursor');
  if (typeof position === 'string') return position;
  const index = position ? locate(listing, position) : -1;
  const w = ended(request, position?.r ? windowBefore(listing, index, size) : windowAfter(listing, index, size));
  const next = w.after && w.items.length ? linkTo(url, { cursor: encode(lastPosition(w)) }) : null;
  const previous = w.before && w.items.length ? linkTo(url, { cursor: encode({ ...firstPosition(w), r: 1 }) }) : null;
  return HttpResponse.json({ next, previous, results: w.items });
}

/** An array and a `Link` header whose `rel="next"` / `rel="prev"` carry `after` / `before` cursors. */
function linkCursorPage(request: CursorRequest): Response | string {
  const { url, listing, size } = request;
  const after = positionParam(request, 'after', 'Invalid `after` cursor');
  const before = after === null ? positionParam(request, 'before', 'Invalid `before` cursor') : null;
  if (typeof after === 'string') return after;
  if (typeof before === 'string') return before;
  const w = ended(
    request,
    before
      ? windowBefore(listing, locate(listing, before), size)
      : windowAfter(listing, after ? locate(listing, after) : -1, size),
  );
  const links: string[] = [];
  if (w.before && w.items.length) links.push(`<${linkTo(url, { before: encode(firstPosition(w)) })}>; rel="prev"`);
  if (w.after && w.items.length) links.push(`<${linkTo(url, { after: encode(lastPosition(w)) })}>; rel="next"`);
  return HttpResponse.json(w.items, links.length ? { headers: { Link: links.join(', ') } } : {});
}

/** Google AIP-158: `{ items, nextPageToken }`, the next page by `pageToken`. */
function pageTokenPage(request: CursorRequest): Response | string {
  const { listing, size } = request;
  const position = positionParam(request, 'pageToken', 'Invalid page token');
  if (typeof position === 'string') return position;
  const w = ended(request, windowAfter(listing, position ? locate(listing, position) : -1, size));
  const more = w.after && w.items.length > 0;
  return HttpResponse.json(more ? { items: w.items, nextPageToken: encode(lastPosition(w)) } : { items: w.items });
}

/** `{ items, total }` by `offset` and a size. */
function offsetPage({ url, listing, size }: CursorRequest): Response | string {
  const offset = url.searchParams.get('offset') ?? '0';
  if (!isWireInteger(offset)) return 'offset must be an integer >= 0';
  return HttpResponse.json({ items: listing.slice(+offset, +offset + size), total: listing.length });
}

const PAGES: Record<MockCursorShape, (request: CursorRequest) => Response | string> = {
  stripe: stripePage,
  cursor: cursorLinksPage,
  'link-cursor': linkCursorPage,
  'page-token': pageTokenPage,
  offset: offsetPage,
};

/** The response of a cursor mode, or the message of the 400 its malformed position is answered with. */
export function cursorPage(shape: MockCursorShape, request: CursorRequest): Response | string {
  return PAGES[shape](request);
}
