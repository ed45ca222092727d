// Client authentication on the built package: the cost each method adds to a token request (signing an assertion,
// a DPoP proof) and to an API call (a DPoP proof), the token requests 100 concurrent calls make, and the bytes of
// pagewise/server an app loads up front and on first use. The identity provider is a fetch that answers at once,
// so what is timed is pagewise's own work. Needs `npm run build` (run.mjs builds when dist/ is missing).
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from '../scripts/size.mjs';
import { gzipSize, median, rootDir } from './util.mjs';

const ROUNDS = 7;
const REQUESTS = 200;

const { clientCredentials } = await import(pathToFileURL(join(rootDir, 'dist', 'server.js')).href);

/** A token endpoint answering at once, counting requests. */
function instantIdentityProvider(tokenType = 'Bearer') {
  const counter = { requests: 0 };
  const fetch = async () => {
    counter.requests += 1;
    return new Response(
      JSON.stringify({ access_token: `at-${counter.requests}`, token_type: tokenType, expires_in: 60 }),
      { headers: { 'Content-Type': 'application/json' } },
    );
  };
  return { counter, fetch };
}

const pem = (type, options) => generateKeyPairSync(type, options).privateKey.export({ type: 'pkcs8', format: 'pem' });
const METHODS = [
  ['client_secret_post (baseline)', { clientSecret: 'a-client-secret' }],
  ['private_key_jwt RS256 (2048-bit)', { privateKey: pem('rsa', { modulusLength: 2048 }) }],
  ['private_key_jwt PS256 (2048-bit)', { privateKey: pem('rsa', { modulusLength: 2048 }), algorithm: 'PS256' }],
  ['private_key_jwt ES256', { privateKey: pem('ec', { namedCurve: 'P-256' }) }],
  ['private_key_jwt EdDSA (Ed25519)', { privateKey: pem('ed25519') }],
  [
    'client_secret_jwt',
    { clientAuthentication: 'client_secret_jwt', clientSecret: 'a-client-secret-long-enough-for-HS256' },
  ],
  ['client_secret_post + DPoP (ES256)', { clientSecret: 'a-client-secret', dpop: true }],
];

/** A strategy for `options` whose token has expired before each `authorize` (a virtual clock): one token request per call. */
async function renewingStrategy(options) {
  const clock = { time: 0 };
  const { fetch, counter } = instantIdentityProvider(options.dpop ? 'DPoP' : 'Bearer');
  const auth = clientCredentials({
    tokenUrl: 'https://idp.example.test/token',
    clientId: 'bench',
    bodyEncoding: 'form',
    audience: false,
    fetch,
    now: () => clock.time,
    ...options,
  });
  const context = { baseUrl: 'https://api.example.test', fetch, url: 'https://api.example.test/x', method: 'GET' };
  await auth.authorize(context); // loads the method's code and imports its key
  return {
    counter,
    async batch() {
      const start = process.hrtime.bigint();
      for (let i = 0; i < REQUESTS; i++) {
        clock.time += 120_000;
        await auth.authorize(context);
      }
      return Number(process.hrtime.bigint() - start) / 1000 / REQUESTS;
    },
  };
}

/** µs per token request for each method: rounds interleaved across methods (the machine's load moves), the median of each. */
async function tokenRequestMicros() {
  const strategies = await Promise.all(METHODS.map(([, options]) => renewingStrategy(options)));
  const rounds = METHODS.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, strategy] of strategies.entries()) rounds[i].push(await strategy.batch());
  for (const { counter } of strategies)
    if (counter.requests !== 1 + ROUNDS * REQUESTS)
      throw new Error(`expected one token request per call, got ${counter.requests}`);
  return rounds.map(median);
}

/** µs per API call for the DPoP proof (the token cached): the median of ROUNDS. */
async function dpopProofMicros() {
  const { fetch } = instantIdentityProvider('DPoP');
  const auth = clientCredentials({
    tokenUrl: 'https://idp.example.test/token',
    clientId: 'bench',
    clientSecret: 's',
    bodyEncoding: 'form',
    audience: false,
    fetch,
    dpop: true,
  });
  const context = { baseUrl: 'https://api.example.test', fetch, url: 'https://api.example.test/x', method: 'GET' };
  await auth.authorize(context);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < REQUESTS; i++) await auth.authorize(context);
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / REQUESTS);
  }
  return median(rounds);
}

/** Token requests for 100 concurrent calls with private_key_jwt. */
async function concurrentTokenRequests() {
  const { fetch, counter } = instantIdentityProvider();
  const auth = clientCredentials({
    tokenUrl: 'https://idp.example.test/token',
    clientId: 'bench',
    privateKey: METHODS[3][1].privateKey,
    bodyEncoding: 'form',
    fetch,
  });
  await Promise.all(Array.from({ length: 100 }, () => auth.authorize({ baseUrl: 'https://api.example.test', fetch })));
  return counter.requests;
}

/** min+gzip bytes of `code` against the built package (the repository's own, by self-reference): up front, and behind dynamic imports. */
async function sizes(code) {
  const { initial, lazy } = await bundle(code, rootDir);
  return { upfront: gzipSize(initial), lazy: gzipSize(lazy) };
}

export async function runClientAuthentication() {
  const rows = (await tokenRequestMicros()).map((micros, i) => ({ label: METHODS[i][0], micros }));
  const baseline = rows[0].micros;
  for (const row of rows) row.added = row.micros - baseline;
  return {
    rounds: ROUNDS,
    requests: REQUESTS,
    rows,
    dpopProofMicros: await dpopProofMicros(),
    concurrentTokenRequests: await concurrentTokenRequests(),
    size: await sizes(`export { clientCredentials } from 'pagewise/server';`),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await runClientAuthentication(), null, 2));
