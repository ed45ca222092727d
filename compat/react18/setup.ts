// Fails the run at once if the aliases did not take and the suites would silently test React 19.
import { version } from 'react';
import { version as domVersion } from 'react-dom';

if (!version.startsWith('18.3') || !domVersion.startsWith('18.3')) {
  throw new Error(`compat/react18 expected React 18.3, got react ${version} and react-dom ${domVersion}`);
}
