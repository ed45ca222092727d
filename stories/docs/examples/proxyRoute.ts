// A proxy on your backend (here a Next.js route handler): the browser never sees a credential.
import { clientCredentials, createProxyHandler } from 'pagewise/server';

declare function sessionOf(request: Request): Promise<{ organizations: string[] } | undefined>;

const handler = createProxyHandler({
  baseUrl: process.env.API_BASE_URL!,
  auth: clientCredentials({
    authUrl: process.env.AUTH_URL!,
    clientId: process.env.CLIENT_ID!,
    clientSecret: process.env.CLIENT_SECRET!,
  }),
  basePath: '/api/pagewise',
  // Who may list which organization.
  allowRequest: async (request, { organizationId }) =>
    (await sessionOf(request))?.organizations.includes(organizationId) ?? false,
});
export { handler as GET };
