// The proxy forwarding writes: only the methods `allow` names, only from the app's own pages, only as JSON.
import { clientCredentials, createProxyHandler } from 'pagewise/server';

declare function sessionOf(request: Request): Promise<{ organizations: string[]; canEdit: boolean } | undefined>;

const handler = createProxyHandler({
  baseUrl: process.env.API_BASE_URL!,
  auth: clientCredentials({
    authUrl: process.env.AUTH_URL!,
    clientId: process.env.CLIENT_ID!,
    clientSecret: process.env.CLIENT_SECRET!,
  }),
  basePath: '/api/pagewise',
  // Shares may be renamed and deleted; environments stay read-only (a write there is answered 405).
  allow: { shares: { methods: ['PATCH', 'DELETE'] } },
  // Behind a reverse proxy the handler may see another host than the browser: name the public origin.
  origins: ['https://app.example'],
  // Who may do what: reads for members, writes for editors, per organization.
  allowRequest: async (request, { organizationId, method }) => {
    const session = await sessionOf(request);
    if (!session?.organizations.includes(organizationId)) return false;
    return method === 'GET' || session.canEdit;
  },
});
export { handler as GET, handler as PATCH, handler as DELETE };
