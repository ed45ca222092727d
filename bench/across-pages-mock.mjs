// The mock service over HTTP in a process of its own, for bench/acrossPages.mjs: the export's client side (its time
// and memory) is then measured alone. Sends `{ baseUrl }` to the parent once listening.
import { createMockService } from '../dist/testing.js';
import { createMockHttpServer } from '../dist/testing-node.js';

const [organizationId, rows, latencyMs] = process.argv.slice(2);
const service = createMockService({
  auth: 'none',
  organizations: { [organizationId]: { name: 'Bench', shares: Number(rows) } },
  latencyMs: Number(latencyMs),
});
const server = await createMockHttpServer(service, { port: 0 });
process.send({ baseUrl: server.baseUrl });
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
