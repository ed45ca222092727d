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
  /** The row with this id, or undefined. */
  find(id: string): ApiRecord | undefined;
  /** Appends `row` (the service lists new rows last). */
  add(row: ApiRecord): void;
  /** Replaces the row with `row.id` by `row`; false when there is none. */
  replace(row: ApiRecord): boolean;
  /** Removes the row with this id; false when there is none. */
  remove(id: string): boolean;
  /** Inserts `rows` before zero-based position `at` (clipped to the list), as rows created mid-list. */
  insert(rows: readonly ApiRecord[], at: number): void;
  /** Brings the seeded rows back, as they were: deleted ones, and none of those written or inserted since. */
  restore(): void;
}

/** The current rows: a count of rows generated on demand, or the rows themselves once given or written to. */
interface RowStore {
  count: number;
  given: ApiRecord[] | null;
}

/** The rows as seeded. */
const seeded = (seed: number | ApiRecord[]): RowStore =>
  typeof seed === 'number' ? { count: seed, given: null } : { count: seed.length, given: seed.slice() };

/** Rows `start` to `end` of `store`, clipped; generated rows are made now and counted. */
function sliceOf(
  store: RowStore,
  generate: (index: number) => ApiRecord,
  counter: GenerationCounter,
  start: number,
  end: number,
) {
  const from = Math.max(0, Math.min(start, store.count));
  const to = Math.max(from, Math.min(end, store.count));
  if (store.given) return store.given.slice(from, to);
  const rows: ApiRecord[] = [];
  for (let index = from; index < to; index += 1) rows.push(generate(index));
  counter.generated += rows.length;
  return rows;
}

/** The rows themselves, for a write: generated rows are made once, at the first write (and only then). */
function materialize(store: RowStore, generate: (index: number) => ApiRecord, counter: GenerationCounter) {
  if (!store.given) {
    store.given = sliceOf(store, generate, counter, 0, store.count);
  } else if (store.given.length > store.count) store.given.length = store.count;
  return store.given;
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
  const store = seeded(seed);
  const rows = () => materialize(store, generate, counter);
  const indexOf = (id: string) => rows().findIndex((row) => row.id === id);
  return {
    count: () => store.count,
    slice: (start, end) => sliceOf(store, generate, counter, start, end),
    all: () => sliceOf(store, generate, counter, 0, store.count),
    deleteLast(n) {
      store.count = Math.max(0, store.count - n);
    },
    find: (id) => rows()[indexOf(id)],
    add(row) {
      rows().push(row);
      store.count += 1;
    },
    replace(row) {
      const index = indexOf(row.id);
      if (index >= 0) rows()[index] = row;
      return index >= 0;
    },
    remove(id) {
      const index = indexOf(id);
      if (index < 0) return false;
      rows().splice(index, 1);
      store.count -= 1;
      return true;
    },
    insert(inserted, at) {
      const current = rows();
      current.splice(Math.max(0, Math.min(at, current.length)), 0, ...inserted);
      store.count = current.length;
    },
    restore() {
      Object.assign(store, seeded(seed));
    },
  };
}
