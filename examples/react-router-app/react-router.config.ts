import type { Config } from '@react-router/dev/config';

export default {
  // Server rendering: the route's loader prefetches the page, so its rows are in the first HTML. React Router 8's
  // defaults (split route modules, middleware, the Vite Environment API) need no setting.
  ssr: true,
} satisfies Config;
