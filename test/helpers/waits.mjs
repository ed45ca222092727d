// How long the suites wait in wall-clock time: ceilings that end a hang, never speed checks. CI runs the suites on
// two loaded cores, where a real request's round trip, a worker or a child process may take seconds; a test that
// passes never comes near these, and none passes or fails on time alone. One home for every project (the React 18
// one shares none of the root config) and every kind of wait.

/** Bound on one test: a suite's slowest honest test takes seconds on a loaded two-core machine. */
export const TEST_TIMEOUT_MS = 30_000;

/**
 * Bound on one wait for a state a test states (`waitFor`, `findBy*`, `expect.poll`, `vi.waitFor`): the libraries'
 * 1 s default would fail a test on a busy machine's timing alone.
 */
export const WAIT_TIMEOUT_MS = 15_000;
