import type { Handler, ReceivedRequest, Reply } from './localServer';

/** How a fake service pages: by keyset cursor in four public styles, or by number in two others. */
export type CursorStyle = 'stripe' | 'drf' | 'link' | 'google' | 'offset' | 'drf-page';

export const CURSOR_STYLES: readonly CursorStyle[] = ['stripe', 'drf', 'link', 'google'];

/** A row of the fake: ids sort in creation order, so a keyset cursor is the last id seen. */
export interface Row {
  id: string;
  name: string;
}

/** `n` rows `r0001`, `r0002`, … */
export const makeRows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => {
    const id = `r${String(from + i).padStart(4, '0')}`;
    return { id, name: `Share ${id}` };
  });

/**
 * A service over `rows` (read at each request, so a test may insert rows between requests) that pages in `style` and
 * ignores a `page` parameter wherever the real style does: the rows after a cursor are the rows whose id sorts after
 * it, so rows inserted before the cursor never shift a later page.
 */
export function cursorService(style: CursorStyle, rows: () => Row[]): Handler {
  return (request: ReceivedRequest): Reply => {
    const q = request.query;
    const all = [...rows()].sort((a, b) => a.id.localeCompare(b.id));
    const base = `http://${request.headers.host}${request.path}`;
    const after = (id: string | null) => (id === null ? all : all.filter((row) => row.id > id));
    const decode = (value: string | null) => (value === null ? null : Buffer.from(value, 'base64url').toString());
    const encode = (id: string) => Buffer.from(id).toString('base64url');
    switch (style) {
      case 'stripe': {
        const limit = Number(q.get('limit') ?? q.get('size') ?? 10);
        const rest = after(q.get('starting_after'));
        return {
          body: { object: 'list', url: request.path, data: rest.slice(0, limit), has_more: rest.length > limit },
        };
      }
      case 'drf': {
        const size = Number(q.get('size') ?? 10);
        const rest = after(decode(q.get('cursor')));
        const data = rest.slice(0, size);
        const next = rest.length > size ? `${base}?cursor=${encode(data.at(-1)!.id)}&size=${size}` : null;
        return { body: { next, previous: q.has('cursor') ? `${base}?size=${size}` : null, results: data } };
      }
      case 'link': {
        const size = Number(q.get('size') ?? 10);
        const rest = after(decode(q.get('after')));
        const data = rest.slice(0, size);
        const headers: Record<string, string> =
          rest.length > size ? { Link: `<${base}?after=${encode(data.at(-1)!.id)}&size=${size}>; rel="next"` } : {};
        return { body: data, headers };
      }
      case 'google': {
        const size = Number(q.get('pageSize') ?? q.get('size') ?? 10);
        const rest = after(decode(q.get('pageToken')));
        const items = rest.slice(0, size);
        return {
          body: rest.length > size ? { items, nextPageToken: encode(items.at(-1)!.id) } : { items },
        };
      }
      case 'offset': {
        const offset = Number(q.get('offset') ?? 0);
        const limit = Number(q.get('limit') ?? 10);
        return { body: { items: all.slice(offset, offset + limit), total: all.length } };
      }
      case 'drf-page': {
        const number = Number(q.get('page') ?? 1);
        const size = Number(q.get('page_size') ?? 10);
        if (!(number >= 1)) return { status: 404, body: { detail: 'Invalid page.' } };
        const start = (number - 1) * size;
        return {
          body: {
            count: all.length,
            next: start + size < all.length ? `${base}?page=${number + 1}&page_size=${size}` : null,
            previous: number > 1 ? `${base}?page=${number - 1}&page_size=${size}` : null,
            results: all.slice(start, start + size),
          },
        };
      }
    }
  };
}
