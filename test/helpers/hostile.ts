import fc from 'fast-check';

/** The largest hostile input the property tests generate: 64 KB, as the benchmark's top size. */
export const HOSTILE_BYTES = 64 * 1024;

/**
 * Text of up to `maxBytes` characters repeating a short period made of `units` (1 to 6 of them, in any order): the
 * shapes that make a backtracking parser rescan the rest of its input from every unit, at every size up to the cap.
 */
export function hostileText(units: readonly string[], maxBytes = HOSTILE_BYTES): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: maxBytes }))
    .map(([period, bytes]) => {
      const unit = period.join('');
      return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
    });
}

/** Runs per hostile property: each input is up to 64 KB, so fewer than fast-check's default. */
export const HOSTILE_RUNS = { numRuns: 30 } as const;
