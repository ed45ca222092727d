/**
 * Coerces any number to an integer in [min, max]: fractions are floored, ±Infinity clamps to an end,
 * and NaN or a non-number gives `fallback`. O(1), never throws.
 */
export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
