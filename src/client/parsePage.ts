import { ResponseShapeError } from './errors/ResponseShapeError';
import type { ParsePage } from './types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/**
 * The default `parsePage`: reads the page shapes such services return and normalizes them to a `Page`.
 *
 * - Spring Data `Page`: `{ content, totalElements, number, size, ... }`
 * - Spring `PagedModel`: `{ content, page: { size, number, totalElements, totalPages } }`
 * - HAL: `{ _embedded: { <any name>: [...] }, page: { ... } }` (no `_embedded` means no rows)
 * - a plain array, with the total in the `X-Total-Count` header
 * - `{ items | data | results, total | count }`
 *
 * Anything else throws a `ResponseShapeError` listing the keys it saw.
 */
export const parsePage: ParsePage = <T>(body: unknown, { response, page, size, url }: Parameters<ParsePage>[1]) => {
  let items: unknown;
  let total: number | undefined;
  let meta: Json = {};
  if (Array.isArray(body)) {
    const header = response.headers.get('x-total-count');
    items = body;
    total = count(header && /^\d+$/.test(header.trim()) ? Number(header) : undefined);
    if (total === undefined) {
      // The usual cause is CORS: the header must be listed in Access-Control-Expose-Headers.
      throw new ResponseShapeError('GET', url, 'an array without a readable X-Total-Count header');
    }
  } else if (isObject(body)) {
    if (isObject(body.page)) {
      meta = body.page;
      const embedded = body._embedded;
      items = body.content ?? (embedded === undefined ? [] : isObject(embedded) ? Object.values(embedded).find(Array.isArray) : undefined);
    } else if ('content' in body) {
      meta = body;
      items = body.content;
    } else {
      items = body.items ?? body.data ?? body.results;
      total = count(body.total ?? body.count);
    }
    total ??= count(meta.totalElements);
  }
  if (!Array.isArray(items) || total === undefined) {
    const keys = isObject(body) ? Object.keys(body) : [];
    throw new ResponseShapeError('GET', url, `a body that is not a known page shape (keys: ${keys.join(', ') || 'none'})`, keys);
  }
  const pageSize = count(meta.size) || size;
  const pageIndex = count(meta.number) ?? page;
  const pageCount = Math.ceil(total / pageSize);
  return { items: items as T[], total, pageIndex, pageSize, pageCount, hasNext: pageIndex + 1 < pageCount, hasPrevious: pageIndex > 0 };
};
