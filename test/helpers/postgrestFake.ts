import type { ReceivedRequest, Reply } from './localServer';

/**
 * A PostgREST table as its documentation (references/api/pagination_count, tables_views, errors) and its range
 * module describe the answer to a read, for a service that does not install here: `limit`/`offset` query parameters
 * (the client's way; PostgREST also reads a `Range` request header); `order=name.desc,id.asc`; filters
 * `column=op.value` (`eq`, `neq`, `gt`, `gte`, `lt`, `lte`); `Prefer: count=exact|planned|estimated`, said back in
 * `Preference-Applied`. It answers the rows as a JSON array with `Content-Range: <first>-<last>/<count>` (the count
 * `*` when none was asked, the range `*` for no rows), 206 Partial Content when a count was asked and the rows are
 * fewer than it, 200 otherwise, and 416 with error PGRST103 for an offset past the count.
 */
export interface PostgrestTable {
  /** The table's rows, in their stored order. */
  rows: ReadonlyArray<Record<string, string | number>>;
  /** What `count=planned` says: the planner's figure from the statistics, not the count. */
  planned: number;
  /** `db-max-rows`: the most rows a read answers, whatever its limit; `count=estimated` is exact up to it, the planned figure past it. @default 1000 */
  maxRows?: number;
}

const OPERATORS: Record<string, (a: string | number, b: string) => boolean> = {
  eq: (a, b) => String(a) === b,
  neq: (a, b) => String(a) !== b,
  gt: (a, b) => (typeof a === 'number' ? a > Number(b) : a > b),
  gte: (a, b) => (typeof a === 'number' ? a >= Number(b) : a >= b),
  lt: (a, b) => (typeof a === 'number' ? a < Number(b) : a < b),
  lte: (a, b) => (typeof a === 'number' ? a <= Number(b) : a <= b),
};
const PAGING = new Set(['limit', 'offset', 'order', 'select']);

const error = (status: number, code: string, message: string, details: string | null): Reply => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: { code, details, hint: null, message },
});

/** The rows `request`'s filters keep, in the order it asks, or the error PostgREST answers a bad filter with. */
function selected(table: PostgrestTable, query: URLSearchParams): Array<Record<string, string | number>> | Reply {
  let rows = [...table.rows];
  for (const [column, condition] of query) {
    if (PAGING.has(column)) continue;
    const [operator = '', ...rest] = condition.split('.');
    const test = OPERATORS[operator];
    if (!test) return error(400, 'PGRST100', `"failed to parse filter (${condition})"`, null);
    rows = rows.filter((row) => column in row && test(row[column]!, rest.join('.')));
  }
  const order = (query.get('order') ?? '').split(',').filter(Boolean);
  for (const term of [...order].reverse()) {
    const [column = '', direction = 'asc'] = term.split('.');
    const sign = direction === 'desc' ? -1 : 1;
    rows.sort((a, b) => (a[column]! < b[column]! ? -sign : a[column]! > b[column]! ? sign : 0));
  }
  return rows;
}

/** The count preference `Prefer` states, if any. */
const countAsked = (prefer: unknown) => /(?:^|[,;\s])count=(exact|planned|estimated)\b/.exec(String(prefer ?? ''))?.[1];

/** The count `Prefer: count=…` asks for, or none. */
function counted(table: PostgrestTable, asked: string | undefined, exact: number): number | undefined {
  if (asked === 'exact') return exact;
  if (asked === 'planned') return table.planned;
  if (asked === 'estimated') return exact <= (table.maxRows ?? 1000) ? exact : table.planned;
  return undefined;
}

/** PostgREST's answer to a read of `table`. */
export function postgrestRead(table: PostgrestTable, request: ReceivedRequest): Reply {
  const rows = selected(table, request.query);
  if (!Array.isArray(rows)) return rows;
  const offset = Number(request.query.get('offset') ?? 0);
  const limit = request.query.get('limit');
  const most = table.maxRows ?? 1000;
  const page = rows.slice(offset, offset + (limit === null ? most : Math.min(Number(limit), most)));
  const asked = countAsked(request.headers.prefer);
  const total = counted(table, asked, rows.length);
  const last = offset + page.length - 1;
  const contentRange = `${total !== 0 && offset <= last ? `${offset}-${last}` : '*'}/${total ?? '*'}`;
  if (total !== undefined && offset > total)
    return {
      ...error(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      ),
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': contentRange },
    };
  return {
    status: total !== undefined && page.length < total ? 206 : 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Range': contentRange,
      'Range-Unit': 'items',
      'Content-Location': `${request.path}${request.query.size ? `?${request.query}` : ''}`,
      ...(asked ? { 'Preference-Applied': `count=${asked}` } : {}),
    },
    body: page,
  };
}
