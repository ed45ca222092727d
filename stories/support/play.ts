import type { QueryClient } from '@tanstack/react-query';
import { expect, waitFor, within } from 'storybook/test';

/** An upper bound for waits on the mock's latency: a slow machine passes, a bug still fails. */
export const SLOW = { timeout: 10_000 };

/**
 * Waits until no query is fetching. Rows reach the screen in synchronous commits (a click, or TanStack's
 * store update), whose effects React runs before the commit returns, so a prefetch the shown page leads to
 * has already started (and counts in `isFetching`) once the rows are visible.
 */
export async function waitForIdle(queryClient: QueryClient): Promise<void> {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0), SLOW);
}

/** The table captioned `caption`. */
export function getTable(canvasElement: HTMLElement, caption: string | RegExp): HTMLElement {
  return within(canvasElement).getByRole('table', { name: caption });
}

/** First-column text of each body row of the table captioned `caption`. */
export function shownNames(canvasElement: HTMLElement, caption: string | RegExp): string[] {
  const [, body] = within(getTable(canvasElement, caption)).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) => row.querySelector('td')?.textContent ?? '');
}

/** The 1-based positions `from`…`to` as the mock names them: `-00021` for shares, `-0021` for environments. */
export function positions(from: number, to: number, digits = 5): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `-${String(from + i).padStart(digits, '0')}`);
}

/** Waits until the table shows exactly the rows at positions `from`…`to`. */
export async function expectRows(
  canvasElement: HTMLElement,
  caption: string | RegExp,
  from: number,
  to: number,
  digits = 5,
): Promise<void> {
  const expected = positions(from, to, digits);
  await waitFor(() => {
    const names = shownNames(canvasElement, caption);
    expect(names.map((name) => name.slice(-digits - 1))).toEqual(expected);
  }, SLOW);
}

/**
 * Records the first-column text of the body rows after every DOM change from now on (not the rows
 * already shown); `stop` returns them all.
 */
export function recordShownNames(canvasElement: HTMLElement): { stop: () => string[] } {
  const seen = new Set<string>();
  const record = () =>
    canvasElement.querySelectorAll('tbody tr td:first-child').forEach((td) => seen.add(td.textContent ?? ''));
  const observer = new MutationObserver(record);
  observer.observe(canvasElement, { childList: true, subtree: true, characterData: true });
  return {
    stop: () => {
      record();
      observer.disconnect();
      return [...seen];
    },
  };
}
