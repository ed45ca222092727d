/** Largest page number or page size the hooks pass on. */
const MAX = Number.MAX_SAFE_INTEGER;

/**
 * A page number or page size that reaches the hooks from props or URLs, made safe: a fraction is floored;
 * NaN, ±Infinity, anything below 1 or above `Number.MAX_SAFE_INTEGER` gives `fallback`. So no request
 * is ever made with a page the client would reject.
 */
export function toPageNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && value >= 1 && value <= MAX ? Math.floor(value) : fallback;
}
