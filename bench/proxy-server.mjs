// Child process of bench/proxy.mjs: one server under test on 127.0.0.1, in a process of its own (the Fetch adapter
// swaps the global Request and Response, which the others must not get).
//   node proxy-server.mjs passthrough|passthrough-http <upstream.json>
//   node proxy-server.mjs handler|listener <upstream.json> <bundle.mjs>
// `upstream.json` is what proxy-upstream.mjs sent: baseUrl, authUrl, clientId, clientSecret.
import { Agent, createServer, request } from 'node:http';
import { Readable } from 'node:stream';

const [mode, json, bundle] = process.argv.slice(2);
const { baseUrl, authUrl, clientId, clientSecret } = JSON.parse(json);
const form = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience: baseUrl };
let listener;
if (mode.startsWith('passthrough')) {
  // The least a proxy in front of this service does: its token asked for once, the same upstream call with it, the
  // status and body streamed back; upstream with `fetch`, or with Node's own `http.request` and a keep-alive agent.
  const { access_token: token } = await (
    await fetch(`${authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    })
  ).json();
  const agent = new Agent({ keepAlive: true });
  const viaHttp = (req, res) =>
    request(`${baseUrl}${req.url.slice(4)}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      res.writeHead(response.statusCode, { 'content-type': 'application/json' });
      response.pipe(res);
    })
      .on('error', () => res.writeHead(502).end())
      .end();
  listener =
    mode === 'passthrough-http'
      ? viaHttp
      : async (req, res) => {
          try {
            const response = await fetch(`${baseUrl}${req.url.slice(4)}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            res.writeHead(response.status, { 'content-type': 'application/json' });
            Readable.fromWeb(response.body).pipe(res);
          } catch {
            res.writeHead(502).end();
          }
        };
} else {
  const { createProxyHandler, createProxyListener, clientCredentials, getRequestListener } = await import(bundle);
  const options = {
    baseUrl,
    auth: clientCredentials({ authUrl, clientId, clientSecret, audience: baseUrl }),
    basePath: '/api',
    allowRequest: () => true,
  };
  // The Fetch handler through @hono/node-server, as on any Fetch-standard server, or the Node listener.
  listener = mode === 'handler' ? getRequestListener(createProxyHandler(options)) : createProxyListener(options);
}
const server = createServer(listener);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'rss') process.send({ rss: process.memoryUsage().rss });
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  }
  if (message === 'exit') process.exit(0);
});
