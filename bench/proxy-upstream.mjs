// Child process of bench/proxy.mjs: the service answered from memory (one fixed page) and its token endpoint,
// counting token requests. Sends { port } to the parent, answers { tokens } when asked.
import { createServer } from 'node:http';

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
  JSON.stringify({ access_token: 'at-bench-0123456789abcdef0123456789abcdef', token_type: 'Bearer', expires_in: 3600 }),
);
let tokens = 0;

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
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port, bytes: page.length }));
process.on('message', (message) => {
  if (message === 'tokens') process.send({ tokens });
  if (message === 'exit') process.exit(0);
});
