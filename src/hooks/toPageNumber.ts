/**
 * `value` when it is a whole number of at least 1, otherwise `fallback`: page numbers and page sizes
 * that reach the hooks from props or URLs never turn into a request the client would reject.
 */
export function toPageNumber(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback;
}
