// Fails the run at once if the aliases did not take and the suites would silently test MSW 2: MSW 3 no longer
// exports `onUnhandledRequest` and adds `WebSocketConnectionEvent`.
import * as msw from 'msw';

if ('onUnhandledRequest' in msw || !('WebSocketConnectionEvent' in msw)) {
  throw new Error('compat/msw3 expected MSW 3, got MSW 2: the aliases in compat/msw3/vitest.config.ts did not take');
}
