// Child process of bench/proxy.mjs: the service the proxies call, with its token endpoint, counting token requests.
//   node proxy-upstream.mjs static              one fixed page answered from memory (the least an upstream costs)
//   node proxy-upstream.mjs mock <bundle.mjs>   pagewise's own mock service (createMockHttpServer), pages made per call
// Sends { port, baseUrl, authUrl, organizationId, clientId, clientSecret, bytes, token } to the parent (`token` for
// calling it directly), answers { tokens }.
import { createServer } from 'node:http';

const [kind, bundle] = process.argv.slice(2);
let tokens = 0;
let ready;

if (kind === 'mock') {
  const { createMockService, createMockHttpServer, demoOrganizationIds } = await import(bundle);
  const organizationId = demoOrganizationIds.acme;
  const mock = createMockService({ organizations: { [organizationId]: { name: 'Acme', shares: 1000 } } });
  const server = await createMockHttpServer(mock);
  // The mock records every request: cleared each second (issued tokens stay valid), its token count kept.
  let earlier = 0;
  setInterval(() => {
    earlier += mock.tokenRequests;
    mock.reset();
  }, 1000).unref();
  const { clientId, clientSecret } = mock.credentials;
  const { access_token } = await (
    await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        audience: server.baseUrl,
      }),
    })
  ).json();
  const page = await (
    await fetch(`${server.baseUrl}/${organizationId}/shares?page=0&size=20`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
  ).arrayBuffer();
  mock.reset();
  ready = {
    port: Number(new URL(server.url).port),
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    organizationId,
    clientId,
    clientSecret,
    bytes: page.byteLength,
    token: access_token,
    tokenRequests: () => earlier + mock.tokenRequests,
  };
} else {
  const organizationId = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: `3f1c2a4e-5b6d-4e7f-8a9b-${String(i).padStart(12, '0')}`,
    name: `share-${i}`,
    environment: 'production',
    createdAt: '2026-01-01T00:00:00Z',
    permissions: ['read', 'write'],
  }));
  const page = Buffer.from(
    JSON.stringify({ content: rows, totalElements: 1000, totalPages: 50, number: 0, size: 20, first: true }),
  );
  const token = Buffer.from(
    JSON.stringify({
      access_token: 'at-bench-0123456789abcdef0123456789abcdef',
      token_type: 'Bearer',
      expires_in: 3600,
    }),
  );
  const server = createServer((req, res) => {
    if (req.url === '/oauth/token') {
      tokens += 1;
      req.resume();
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': token.length }).end(token),
      );
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': page.length, 'x-total-count': '1000' })
      .end(page);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  ready = {
    port: server.address().port,
    baseUrl: `${origin}/api`,
    authUrl: origin,
    organizationId,
    clientId: 'bench',
    clientSecret: 'bench-secret-0123456789',
    bytes: page.length,
    token: 'at-bench-0123456789abcdef0123456789abcdef',
  };
}
const { tokenRequests, ...info } = ready;
process.send(info);
process.on('message', (message) => {
  if (message === 'tokens') process.send({ tokens: tokenRequests?.() ?? tokens });
  if (message === 'exit') process.exit(0);
});
