import type { ApiRecord } from '../client/index';
import { CURSOR_MODE_PARAMS } from './cursorModes';

/** Query parameters that are paging, not filters. */
const PAGING = new Set(['page', 'size', 'sort', ...CURSOR_MODE_PARAMS]);

/** One `sort=<field>[,asc|desc]` parameter, as Spring Data reads it. */
interface SortOrder {
  field: string;
  desc: boolean;
}

/** Whether the request sorts or filters, so every row (not only the page's) must be looked at. */
export function sortsOrFilters(url: URL): boolean {
  return [...url.searchParams.keys()].some((name) => name === 'sort' || !PAGING.has(name));
}

/** The sort orders of a request; an unknown direction is refused as Spring refuses it. */
export function parseSort(url: URL): SortOrder[] | string {
  const orders: SortOrder[] = [];
  for (const value of url.searchParams.getAll('sort')) {
    const [field = '', direction = 'asc', ...rest] = value.split(',');
    if (!field || rest.length || !/^(asc|desc)$/i.test(direction))
      return `Invalid sort parameter '${value.slice(0, 64)}'`;
    orders.push({ field, desc: direction.toLowerCase() === 'desc' });
  }
  return orders;
}

const compare = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a ?? '') < String(b ?? '')
      ? -1
      : String(a ?? '') > String(b ?? '')
        ? 1
        : 0;

/**
 * The rows a sorted, filtered request lists: `q` keeps rows with the text in any string field (any case); another
 * parameter naming a field keeps rows whose field equals one of its values; parameters naming no field are ignored
 * (as a Spring controller ignores parameters it does not bind). Ties keep the rows' own order. A sort on a field no
 * row has is refused with a message, as Spring Data's `No property … found`.
 */
export function queryRows(rows: ApiRecord[], url: URL, orders: SortOrder[]): ApiRecord[] | string {
  const fields = new Set(rows.flatMap((row) => Object.keys(row)));
  const unknown = orders.find((order) => rows.length > 0 && !fields.has(order.field));
  if (unknown) return `No property '${unknown.field.slice(0, 64)}' found`;
  let kept = rows;
  // Grouped in one pass: a `getAll` per name would be quadratic in a query of many names.
  const params = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) {
    if (PAGING.has(name)) continue;
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  for (const [name, values] of params) {
    if (name === 'q') {
      const text = values.join(' ').toLowerCase();
      kept = kept.filter((row) =>
        Object.values(row).some((field) => typeof field === 'string' && field.toLowerCase().includes(text)),
      );
    } else if (fields.has(name)) {
      kept = kept.filter((row) => values.includes(String(row[name])));
    }
  }
  if (!orders.length) return kept;
  return kept
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      for (const { field, desc } of orders) {
        const order = compare(a.row[field], b.row[field]);
        if (order) return desc ? -order : order;
      }
      return a.index - b.index;
    })
    .map(({ row }) => row);
}
