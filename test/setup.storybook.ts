import { configure } from '@testing-library/dom';
import { WAIT_TIMEOUT_MS } from './helpers/waits.mjs';

// The stories' play functions wait with storybook/test's `waitFor` and `findBy*` (this copy of Testing Library, shared
// through Vite's pre-bundling) for pages the mock service answers through its worker: as in test/setup.browser.ts,
// they wait for what they state, not for Testing Library's 1 s default, which a loaded machine would fail on time alone.
configure({ asyncUtilTimeout: WAIT_TIMEOUT_MS });
