/** Most kinds remembered: kinds come from error names and statuses, so this is only a guard against a runaway set. */
const MAX_KINDS = 100;

/**
 * A log that writes each kind of line at most once per `intervalMs`: the first of a kind at once, later ones of that
 * kind within the interval only counted, and the next one written after it carries that count. An outage that
 * fails every request then costs one line per kind and interval, not one per request.
 */
export function createRateLimitedLog(
  write: (line: string) => void,
  intervalMs: number,
  now: () => number = () => Date.now(),
): (kind: string, line: string) => void {
  const kinds = new Map<string, { since: number; suppressed: number }>();
  return (kind, line) => {
    const time = now();
    const seen = kinds.get(kind);
    if (seen && time - seen.since < intervalMs) {
      seen.suppressed += 1;
      return;
    }
    if (!seen && kinds.size >= MAX_KINDS) kinds.clear();
    kinds.set(kind, { since: time, suppressed: 0 });
    const suppressed = seen?.suppressed
      ? ` (+${seen.suppressed} more like it in the ${Math.round((time - seen.since) / 1000)} s before, not logged)`
      : '';
    write(line + suppressed);
  };
}
