import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `waitFor` and `findBy*` wait for what a test states, not for a deadline: on a loaded two-core machine a page can take
// seconds to settle, and a short limit would fail a test on time alone. The test's own timeout still bounds a hang.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
