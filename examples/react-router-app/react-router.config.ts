import type { Config } from '@react-router/dev/config';

export default {
  // Server rendering: the route's loader prefetches the page, so its rows are in the first HTML.
  ssr: true,
  // The behaviour React Router 8 makes the default, opted into now so a new app starts on it.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
