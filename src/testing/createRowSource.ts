import type { ApiRecord } from '../client/index';

/** Counts generated records, so tests can show generation is O(page size). */
export interface GenerationCounter {
  /** Records generated so far. */
  generated: number;
}

/** The rows of one resource of one organization: generated on demand or given. */
export interface RowSource {
  /** Current number of rows. */
  count(): number;
  /** Rows `start` (inclusive) to `end` (exclusive), clipped to the current count. */
  slice(start: number, end: number): ApiRecord[];
  /** Every current row (generated now: for sorting and filtering, which need them all). */
  all(): ApiRecord[];
  /** Removes the last `count` rows. */
  deleteLast(count: number): void;
  /** Inserts `rows` before zero-based position `at` (clipped to the list), as rows created mid-list. */
  insert(rows: readonly ApiRecord[], at: number): void;
  /** Back to the seed: deleted rows return, inserted ones go. */
  restore(): void;
}

/**
 * Rows from a seed: a number means rows made by `generate(index)` only when a page asks for them
 * (so 10,000 or 1e6 rows cost nothing up front); an array is served as given. An insertion makes the current rows
 * an array (generating them all once): only tests that insert pay for it.
 */
export function createRowSource(
  seed: number | ApiRecord[],
  generate: (index: number) => ApiRecord,
  counter: GenerationCounter,
): RowSource {
  const initial = typeof seed === 'number' ? seed : seed.length;
  const seeded = typeof seed === 'number' ? null : seed.slice();
  let given = seeded;
  let count = initial;
  return {
    count: () => count,
    slice(start, end) {
      const from = Math.max(0, Math.min(start, count));
      const to = Math.max(from, Math.min(end, count));
      if (given) return given.slice(from, to);
      const rows: ApiRecord[] = [];
      for (let index = from; index < to; index += 1) rows.push(generate(index));
      counter.generated += rows.length;
      return rows;
    },
    all() {
      return this.slice(0, count);
    },
    deleteLast(n) {
      count = Math.max(0, count - n);
    },
    insert(rows, at) {
      const current = this.all();
      current.splice(Math.max(0, Math.min(at, current.length)), 0, ...rows);
      given = current;
      count = current.length;
    },
    restore() {
      given = seeded;
      count = initial;
    },
  };
}
