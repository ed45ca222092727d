import { inspect } from 'node:util';
import { expect } from 'vitest';

/** Every way an error reaches a log: message, stack, toJSON, util.inspect (hidden fields, cause chain). */
export function errorRenderings(error: unknown): string[] {
  const e = error as { message?: unknown; stack?: unknown; toJSON?: () => unknown };
  return [
    String(e?.message),
    String(e?.stack),
    JSON.stringify(typeof e?.toJSON === 'function' ? e.toJSON() : e),
    inspect(error, { depth: 10, showHidden: true }),
  ];
}

/** Asserts that none of `secrets` appears in any rendering of `error`. */
export function expectNoSecrets(error: unknown, secrets: readonly string[]): void {
  expect(error).toBeInstanceOf(Error);
  for (const text of errorRenderings(error)) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}
