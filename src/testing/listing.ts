/** A list's rows in the order a request lists them: the source's own, or sorted and filtered. */
import type { ApiRecord } from '../client/index';
import type { RowSource } from './createRowSource';

/** The rows of a list in its order, read lazily where the list is the source's own order. */
export interface Listing {
  readonly length: number;
  slice(start: number, end: number): ApiRecord[];
  /** Where the row with `id` is now, looked for at `hint` first; -1 when it is gone. */
  indexOf(id: string, hint: number | undefined): number;
}

/** A row's id as text, when it has one a cursor can name. */
export const idOf = (row: ApiRecord | undefined): string | undefined =>
  row && (typeof row.id === 'string' || typeof row.id === 'number') ? String(row.id) : undefined;

/** The rows in the source's own order: a page generates only its rows, and a hinted lookup one more. */
export function sourceListing(rows: RowSource): Listing {
  return {
    get length() {
      return rows.count();
    },
    slice: (start, end) => rows.slice(start, end),
    indexOf(id, hint) {
      if (hint !== undefined && idOf(rows.slice(hint, hint + 1)[0]) === id) return hint;
      return rows.all().findIndex((row) => idOf(row) === id);
    },
  };
}

/** Rows already sorted and filtered. */
export function arrayListing(rows: ApiRecord[]): Listing {
  return {
    length: rows.length,
    slice: (start, end) => rows.slice(start, end),
    indexOf(id, hint) {
      if (hint !== undefined && idOf(rows[hint]) === id) return hint;
      return rows.findIndex((row) => idOf(row) === id);
    },
  };
}
