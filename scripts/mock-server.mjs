// `npm run mock-server [-- --port 4010 --shape spring-page --latency 0]`: the mock service over real HTTP
// on 127.0.0.1, for the example app and end-to-end tests. Runs the TypeScript sources through tsx, so no build is needed.
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

register();
const { createMockService } = await import('../src/testing/index.ts');
const { createMockHttpServer } = await import('../src/testing/node.ts');

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    shape: { type: 'string' },
    latency: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run mock-server -- [--port 4010] [--shape spring-page|paged-model|hal|array|items|slice|link|has-more|next|bare-array|stripe|cursor|link-cursor|page-token|offset] [--latency ms]',
  );
  console.log('The port can also come from PAGEWISE_MOCK_PORT; 0 picks a free port.');
  process.exit(0);
}

const portText = values.port ?? process.env.PAGEWISE_MOCK_PORT ?? '4010';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`mock-server: --port must be an integer from 0 to 65535, got "${portText}"`);
  process.exit(2);
}
const latencyMs = values.latency === undefined ? 0 : Number(values.latency);
if (!(latencyMs >= 0)) {
  console.error(`mock-server: --latency must be a number of milliseconds >= 0, got "${values.latency}"`);
  process.exit(2);
}

// With port 0 the address is only known after listening; the adapter also registers it with the service.
const origin = port === 0 ? null : `http://127.0.0.1:${port}`;
let service;
try {
  service = createMockService({
    ...(origin ? { baseUrl: `${origin}/api`, authUrl: `${origin}/auth` } : {}),
    ...(values.shape ? { shape: values.shape } : {}),
    latencyMs,
  });
} catch (error) {
  console.error(
    `mock-server: ${error instanceof Error ? error.message.replace('pagewise: `shape`', '--shape') : error}`,
  );
  process.exit(2);
}
let server;
try {
  server = await createMockHttpServer(service, { port, host: '127.0.0.1' });
} catch (error) {
  console.error(`mock-server: cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const c = service.credentials;
console.log(`pagewise mock service listening on ${server.url}
  API base URL   ${server.baseUrl}   (GET /{organizationId}/shares|environments?page=0&size=20)
  Shape          ${values.shape ?? 'spring-page'}
  Token endpoint ${server.authUrl}/oauth/token
  Audience       ${origin ? c.audience : server.baseUrl}

Demo credentials (fake, for local use only):
  OAuth client   client_id=${c.clientId}  client_secret=${c.clientSecret}  scope="${c.scope}"
  API Account    account_id=${c.accountId}  API_TOKEN=${c.apiToken}

Organizations:`);
for (const o of service.organizations) {
  console.log(`  ${o.id}  ${o.name.padEnd(10)} ${o.shares} shares, ${o.environments} environments`);
}
console.log('\nPress Ctrl+C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
