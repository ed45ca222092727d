// The browser's only way to the service: createProxyHandler adds the credentials here, server-side.
import { proxy } from '../lib/pagewise.server';
import type { Route } from './+types/api.pagewise';

export function loader({ request }: Route.LoaderArgs): Promise<Response> {
  return proxy(request);
}
