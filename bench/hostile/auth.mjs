// Hostile-input cases of what an identity provider or an API sends to a token source: `WWW-Authenticate` (RFC 9110
// 11.6.1) read by pagewise's one parser, the same header on its way through oauth4webapi (fronted by that parser, as
// pagewise/server sends it; and, for comparison, the library's own reader alone), and `DPoP-Nonce`. Each
// `load(root)` gives the reader of the checkout at `root` as a function of one string; `hostile(bytes)` makes its input.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as util from '../util.mjs';

/** `unit` repeated to exactly `bytes` characters. */
const fill = (unit, bytes) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/** The export `name` of the source file `path` of the checkout at `root`, bundled for Node (packages external). */
async function source(root, path, name) {
  if (util.loadSource) return util.loadSource(root, path, name);
  const { build } = await import('esbuild');
  const outfile = join(util.tmpDir, 'hostile', `${Buffer.from(`${root}:${path}`).toString('base64url')}.mjs`);
  await build({
    entryPoints: [join(root, path)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'silent',
  });
  const value = (await import(pathToFileURL(outfile).href))[name];
  if (value === undefined) throw new Error(`${path} exports no ${name}`);
  return value;
}

const parser = (root) => source(root, 'src/client/wwwAuthenticate.ts', 'parseWwwAuthenticate');

/** A 401 whose `WWW-Authenticate` is `header`, as pagewise/server hands it to oauth4webapi, and the library's verdict. */
async function fronted(root) {
  const exchangeFetch = await source(root, 'src/server/oauthEngine.ts', 'exchangeFetch');
  const newExchange = await source(root, 'src/server/oauthEngine.ts', 'newExchange');
  const oauth = await import('oauth4webapi');
  const url = 'https://idp.example.test/revoke';
  return async (header) => {
    const post = async () => new Response('{}', { status: 401, headers: { 'www-authenticate': header } });
    const response = await exchangeFetch(newExchange('POST', url), post)(url, { method: 'POST' });
    return oauth.processRevocationResponse(response).catch((error) => error);
  };
}

/** The same 401 straight to oauth4webapi, as a client without pagewise's front would hand it. */
async function alone() {
  const oauth = await import('oauth4webapi');
  return (header) =>
    oauth
      .processRevocationResponse(new Response('{}', { status: 401, headers: { 'www-authenticate': header } }))
      .catch((error) => error);
}

// Many auth-params: each step of a reader that matches "the rest" re-reads what follows.
const manyParams = (bytes) => `DPoP ${fill('a=b, ', bytes - 5)}`;

export default [
  { name: 'WWW-Authenticate: many auth-params', load: parser, hostile: manyParams },
  {
    name: 'WWW-Authenticate: a quoted string of escapes',
    load: parser,
    hostile: (bytes) => `DPoP error="${fill('\\"', bytes - 13)}"`,
  },
  {
    name: 'WWW-Authenticate: a quoted string that never closes',
    load: parser,
    hostile: (bytes) => `DPoP a="${fill('b', bytes - 8)}`,
  },
  { name: 'WWW-Authenticate: schemes alone', load: parser, hostile: (bytes) => fill('DPoP, ', bytes) },
  { name: 'WWW-Authenticate through oauth4webapi, fronted by pagewise', load: fronted, hostile: manyParams },
  { name: 'WWW-Authenticate through oauth4webapi alone (not used)', load: alone, hostile: manyParams },
  {
    name: 'DPoP-Nonce',
    load: (root) => source(root, 'src/client/wwwAuthenticate.ts', 'dpopNonceOf'),
    hostile: (bytes) => fill('n', bytes),
  },
];
