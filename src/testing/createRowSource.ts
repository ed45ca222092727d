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
  /** Brings deleted rows back. */
  restore(): void;
}

/**
 * Rows from a seed: a number means rows made by `generate(index)` only when a page asks for them
 * (so 10,000 or 1e6 rows cost nothing up front); an array is served as given.
 */
export function createRowSource(
  seed: number | ApiRecord[],
  generate: (index: number) => ApiRecord,
  counter: GenerationCounter,
): RowSource {
  const initial = typeof seed === 'number' ? seed : seed.length;
  const given = typeof seed === 'number' ? null : seed.slice();
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
    restore() {
      count = initial;
    },
  };
}
