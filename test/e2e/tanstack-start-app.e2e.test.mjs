// examples/tanstack-start-app (TanStack Start, its Vite build served by srvx) through the checks of
// serverRenderedApp.mjs. The browser reaches the service through a server function: Start's RPC requests under
// `/_serverFn/`, a GET whose `payload` parameter is the call serialized by seroval (read here with Start's own copy).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describeServerRenderedApp } from './serverRenderedApp.mjs';

const dir = join(import.meta.dirname, '..', '..', 'examples', 'tanstack-start-app');
const { fromJSON } = createRequire(join(dir, 'package.json'))('seroval');

describeServerRenderedApp({
  name: 'tanstack-start-app',
  dir,
  start: (port) => ({
    command: process.execPath,
    args: [
      join(dir, 'node_modules', '.bin', 'srvx'),
      '--prod',
      '--static',
      '../client',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      'dist/server/server.js',
    ],
  }),
  clientAssets: join(dir, 'dist', 'client'),
  way: {
    matches: (url) => url.pathname.startsWith('/_serverFn/') && url.searchParams.has('payload'),
    call: (url) => {
      const { data } = fromJSON(JSON.parse(url.searchParams.get('payload')));
      return `${data.page}/${data.size}`;
    },
  },
});
