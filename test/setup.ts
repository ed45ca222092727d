import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { WAIT_TIMEOUT_MS } from './helpers/waits.mjs';

// `waitFor` and `findBy*` wait for what a test states, not for a deadline: on a loaded two-core machine a page can take
// seconds to settle, and a short limit would fail a test on time alone. The test's own timeout still bounds a hang.
configure({ asyncUtilTimeout: WAIT_TIMEOUT_MS });

afterEach(() => {
  cleanup();
});
