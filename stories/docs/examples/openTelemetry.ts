// The proxy of proxyRoute.ts with OpenTelemetry: your SDK set up as usual (NodeSDK, or the Next.js instrumentation
// file), then one adapter for metrics, upstream spans and the `traceparent` the service gets.
import { clientCredentials, createProxyHandler } from 'pagewise/server';
import { openTelemetry } from 'pagewise/opentelemetry';

declare function sessionOf(request: Request): Promise<{ organizations: string[] } | undefined>;

// The global tracer and meter providers and propagator, as your SDK registered them.
const telemetry = openTelemetry({ basePath: '/api/pagewise' });

const handler = createProxyHandler({
  baseUrl: process.env.API_BASE_URL!,
  auth: clientCredentials({
    authUrl: process.env.AUTH_URL!,
    clientId: process.env.CLIENT_ID!,
    clientSecret: process.env.CLIENT_SECRET!,
    onEvent: telemetry.onEvent, // pagewise.token.events
  }),
  basePath: '/api/pagewise',
  allowRequest: async (request, { organizationId }) =>
    (await sessionOf(request))?.organizations.includes(organizationId) ?? false,
  fetch: telemetry.fetch, // a client span and http.client.request.duration per upstream request, traceparent sent
  onEvent: telemetry.onEvent, // http.server.request.duration, pagewise.proxy.events
});
export { handler as GET };
