// examples/next-app (Next.js App Router, `next start` of a Turbopack build) through the checks of serverRenderedApp.mjs.
import { join } from 'node:path';
import { describeServerRenderedApp } from './serverRenderedApp.mjs';

const dir = join(import.meta.dirname, '..', '..', 'examples', 'next-app');

describeServerRenderedApp({
  name: 'next-app',
  dir,
  start: (port) => ({
    command: process.execPath,
    args: [
      join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'),
      'start',
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    env: { NEXT_TELEMETRY_DISABLED: '1' },
  }),
  clientAssets: join(dir, '.next', 'static'),
});
