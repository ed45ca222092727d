/** Bound on one test: a suite's slowest honest test takes seconds on a loaded two-core machine. */
export declare const TEST_TIMEOUT_MS: number;
/** Bound on one wait for a state a test states (`waitFor`, `findBy*`, `expect.poll`, `vi.waitFor`). */
export declare const WAIT_TIMEOUT_MS: number;
