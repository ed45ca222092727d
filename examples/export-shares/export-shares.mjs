// Exports an organization's shares to a file, CSV or NDJSON, with a progress line on the terminal. Pages are read with
// `client.pages` and written as they arrive through a Node pipeline, so memory stays flat whatever the list's length,
// and a slow disk slows the reading (backpressure) rather than filling memory.
//
//   node export-shares.mjs [--format csv|ndjson] [--out shares.csv] [--organization <uuid>] [--concurrency 4]
//
// Against a real service, set PAGEWISE_BASE_URL, PAGEWISE_AUTH_URL, PAGEWISE_CLIENT_ID, PAGEWISE_CLIENT_SECRET (and
// PAGEWISE_SCOPE); without them the script starts the mock service on 127.0.0.1 and exports its demo organization.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createApiClient, exportList, exportStream } from 'pagewise/client';
import { clientCredentials } from 'pagewise/server';

const { values: args } = parseArgs({
  options: {
    format: { type: 'string', default: 'csv' },
    out: { type: 'string' },
    organization: { type: 'string' },
    concurrency: { type: 'string', default: '1' },
    size: { type: 'string', default: '100' },
  },
});
const format = args.format === 'ndjson' ? 'ndjson' : 'csv';
const out = args.out ?? `shares.${format}`;

/** The service to export from: the environment's, or the mock service started here. */
async function service() {
  const env = process.env;
  if (env.PAGEWISE_BASE_URL) {
    return {
      baseUrl: env.PAGEWISE_BASE_URL,
      credentials: {
        authUrl: env.PAGEWISE_AUTH_URL,
        clientId: env.PAGEWISE_CLIENT_ID,
        clientSecret: env.PAGEWISE_CLIENT_SECRET,
        ...(env.PAGEWISE_SCOPE ? { scope: env.PAGEWISE_SCOPE } : {}),
      },
      organizationId: args.organization,
      close: async () => undefined,
    };
  }
  const { createMockService, demoOrganizationIds } = await import('pagewise/testing');
  const { createMockHttpServer } = await import('pagewise/testing/node');
  const mock = createMockService();
  const server = await createMockHttpServer(mock, { port: 0 });
  const { clientId, clientSecret, scope } = mock.credentials;
  return {
    baseUrl: server.baseUrl,
    credentials: { authUrl: server.authUrl, clientId, clientSecret, scope },
    organizationId: args.organization ?? demoOrganizationIds.acme,
    close: () => server.close(),
  };
}

const { baseUrl, credentials, organizationId, close } = await service();
if (!organizationId) {
  console.error('Give the organization to export: --organization <uuid>');
  process.exit(2);
}
const client = createApiClient({ baseUrl, auth: clientCredentials(credentials) });

// One line, rewritten in place on a terminal; a line per tenth of the way when the output is a file or a pipe.
const tty = process.stderr.isTTY;
let shownTenth = -1;
function showProgress({ rows, pages, total }) {
  const line = `${rows}${total === undefined ? '' : ` of ${total}`} rows, ${pages} pages`;
  if (tty) return void process.stderr.write(`\r${line}   `);
  const tenth = total ? Math.floor((rows / total) * 10) : pages;
  if (tenth !== shownTenth) process.stderr.write(`${line}\n`);
  shownTenth = tenth;
}

// Ctrl+C stops the export: the request in flight is aborted and the partial file says so by the exit code.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
try {
  const chunks = exportList(
    client,
    'shares',
    { organizationId, size: Number(args.size), sort: [{ id: 'name', desc: false }] },
    { format, signal: controller.signal, concurrency: Number(args.concurrency), onProgress: showProgress },
  );
  await pipeline(Readable.fromWeb(exportStream(chunks)), createWriteStream(out));
  process.stderr.write(`${tty ? '\n' : ''}Wrote ${out}\n`);
} catch (error) {
  process.stderr.write(`\nExport failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await close();
}
