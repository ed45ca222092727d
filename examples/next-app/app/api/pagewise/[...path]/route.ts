// The browser's only way to the service: createProxyHandler adds the credentials here, server-side.
import { serverPagewise } from '../../../../lib/pagewise.server';

// Per-user data, never prerendered or cached by Next.
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return serverPagewise().proxy(request);
}
