// Child process of bench/proxy.mjs: one server under test on 127.0.0.1, `passthrough` or `pagewise`, in a process of
// its own (pagewise's adapter swaps the global Request/Response, which the pass-through must not get).
//   node proxy-server.mjs passthrough <upstreamOrigin>
//   node proxy-server.mjs pagewise <upstreamOrigin> <bundle.mjs>
import { createServer } from 'node:http';
import { Readable } from 'node:stream';

const [mode, upstream, bundle] = process.argv.slice(2);
let listener;
if (mode === 'passthrough') {
  // The least a Fetch-based proxy does: the same upstream call with a fixed Authorization, the body streamed back.
  listener = async (req, res) => {
    try {
      const response = await fetch(`${upstream}/api${req.url.slice(4)}`, {
        headers: { authorization: 'Bearer at-bench' },
      });
      res.writeHead(response.status, { 'content-type': 'application/json' });
      Readable.fromWeb(response.body).pipe(res);
    } catch {
      res.writeHead(502).end();
    }
  };
} else {
  const { createProxyHandler, clientCredentials, getRequestListener } = await import(bundle);
  const handler = createProxyHandler({
    baseUrl: `${upstream}/api`,
    auth: clientCredentials({ authUrl: upstream, clientId: 'bench', clientSecret: 'bench-secret-0123456789' }),
    basePath: '/api',
    allowRequest: () => true,
  });
  listener = getRequestListener(handler);
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
