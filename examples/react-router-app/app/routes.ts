import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/shares.tsx'),
  // A resource route (a loader, no component): the proxy the browser's client calls.
  route('api/pagewise/*', 'routes/api.pagewise.ts'),
] satisfies RouteConfig;
