/**
 * The one place a 1-based page (the control's and the hooks' `page`) becomes the wire's zero-based `page`.
 * Every request the hooks and query options make goes through it.
 */
export function toWirePage(page: number): number {
  return page - 1;
}
