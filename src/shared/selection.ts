// The rows a person picked in a list that spans pages, as plain values: the hooks keep it in React state, the table
// pairing reads it, a bulk action or an export acts on it. No React, no client.

/**
 * Which rows of a list are selected: rows picked one by one (`ids`), or every row the list's query matches but the
 * ones unticked since (`except`), known without fetching a single id.
 */
export type Selection =
  | { readonly allMatching: false; readonly ids: ReadonlySet<string> }
  | { readonly allMatching: true; readonly except: ReadonlySet<string> };

/** Nothing selected. */
export const NO_SELECTION: Selection = { allMatching: false, ids: new Set() };

/** Whether the row `id` is selected. */
export function isSelectedIn(selection: Selection, id: string): boolean {
  return selection.allMatching ? !selection.except.has(id) : selection.ids.has(id);
}

/** `selection` with the rows `ids` selected (`on`) or not. */
export function setRows(selection: Selection, ids: readonly string[], on: boolean): Selection {
  // A person's pick stays a set of ids under "all matching" too: ticking adds back, unticking excludes.
  const inSet = selection.allMatching ? !on : on;
  const set = new Set(selection.allMatching ? selection.except : selection.ids);
  for (const id of ids) {
    if (inSet) set.add(id);
    else set.delete(id);
  }
  return selection.allMatching ? { allMatching: true, except: set } : { allMatching: false, ids: set };
}

/**
 * The rows between `anchor` and `id` (both included) in the order `rowIds` shows them: what Shift+click selects.
 * Only `id` when the anchor is not among them (another page, or none yet).
 */
export function rangeOf(rowIds: readonly string[], anchor: string | undefined, id: string): string[] {
  const from = anchor === undefined ? -1 : rowIds.indexOf(anchor);
  const to = rowIds.indexOf(id);
  if (from < 0 || to < 0) return [id];
  return rowIds.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * How many rows are selected: the ids picked, or the list's total less the unticked rows; undefined for "all matching"
 * while the total is unknown (a cursor service that does not count).
 */
export function countOf(selection: Selection, total: number | undefined): number | undefined {
  if (!selection.allMatching) return selection.ids.size;
  return total === undefined ? undefined : Math.max(0, total - selection.except.size);
}

/** The state of a "this page" checkbox: every row of the page selected, some of them, or none. */
export function pageStateOf(selection: Selection, rowIds: readonly string[]): 'all' | 'some' | 'none' {
  let on = 0;
  for (const id of rowIds) if (isSelectedIn(selection, id)) on += 1;
  if (on === 0) return 'none';
  return on === rowIds.length ? 'all' : 'some';
}

/** Words for a count, as the selection says it. */
export interface SelectionLabels {
  /** Nothing selected. @default 'No rows selected.' */
  none: string;
  /** `count` rows picked one by one. @default '3 selected.' */
  some: (count: string) => string;
  /** Every row of the list, `total` of them. @default 'All 437 selected.' */
  all: (total: string) => string;
  /** Every row of the list but the unticked ones. @default '436 of 437 selected.' */
  allBut: (count: string, total: string) => string;
  /** Every row of the list while its total is unknown. @default 'All matching rows selected.' */
  allUnknown: string;
  /** Every row of the list but `unticked` rows while its total is unknown. @default 'All matching rows but 1 selected.' */
  allButUnknown: (unticked: string) => string;
}

/** The English words. */
export const defaultSelectionLabels: SelectionLabels = {
  none: 'No rows selected.',
  some: (count) => `${count} selected.`,
  all: (total) => `All ${total} selected.`,
  allBut: (count, total) => `${count} of ${total} selected.`,
  allUnknown: 'All matching rows selected.',
  allButUnknown: (unticked) => `All matching rows but ${unticked} selected.`,
};

/** What the selection says of itself, e.g. "All 437 selected." or "436 of 437 selected.". */
export function describeSelection(
  selection: Selection,
  total: number | undefined,
  labels: SelectionLabels,
  format: (n: number) => string,
): string {
  const count = countOf(selection, total);
  if (!selection.allMatching) return count ? labels.some(format(count)) : labels.none;
  const unticked = selection.except.size;
  if (count === undefined || total === undefined)
    return unticked ? labels.allButUnknown(format(unticked)) : labels.allUnknown;
  return unticked === 0 ? labels.all(format(total)) : labels.allBut(format(count), format(total));
}
