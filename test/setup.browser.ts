import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { WAIT_TIMEOUT_MS } from './helpers/waits.mjs';

// As in test/setup.ts: `waitFor` and `findBy*` wait for what a test states, not for a deadline. Chromium shares the two
// cores with the other projects' files, and a page can take seconds to settle; the test's own timeout bounds a hang.
configure({ asyncUtilTimeout: WAIT_TIMEOUT_MS });

afterEach(() => {
  cleanup();
});
