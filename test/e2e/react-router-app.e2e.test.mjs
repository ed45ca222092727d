// examples/react-router-app (React Router framework mode, `react-router-serve` of its build) through the checks of
// serverRenderedApp.mjs.
import { join } from 'node:path';
import { describeServerRenderedApp } from './serverRenderedApp.mjs';

const dir = join(import.meta.dirname, '..', '..', 'examples', 'react-router-app');

describeServerRenderedApp({
  name: 'react-router-app',
  dir,
  start: (port) => ({
    command: process.execPath,
    args: [join(dir, 'node_modules', '.bin', 'react-router-serve'), join(dir, 'build', 'server', 'index.js')],
    env: { PORT: String(port), HOST: '127.0.0.1' },
  }),
  clientAssets: join(dir, 'build', 'client'),
});
