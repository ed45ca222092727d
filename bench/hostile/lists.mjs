// Hostile-input cases of the list parsers: Link, Retry-After, X-Total-Count, page bodies and next URLs, the proxy's
// reading of links, bodies and request queries, and the mock service's reading of queries and forms. Each `load(root)`
// gives the parser of the checkout at `root` as a function of one string; `hostile(bytes)` makes its input.
import { loadSource } from '../util.mjs';

/** `unit` repeated to exactly `bytes` characters. */
const fill = (unit, bytes) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/** `name=value` pairs of distinct names, `&`-joined, about `bytes` long. */
const distinctParams = (bytes) => {
  const pairs = [];
  for (let i = 0, length = 0; length < bytes; i += 1) {
    const pair = `p${i}=${i}`;
    pairs.push(pair);
    length += pair.length + 1;
  }
  return pairs.join('&');
};

const ORG = '0b8e4d1c-6a3f-4f1e-9c2d-5e7a8b9c0d1e';
const UPSTREAM = `https://api.internal.example/v1/${ORG}/shares`;

const linkHeader = (root) => loadSource(root, 'src/client/parseLinkHeader.ts', 'parseLinkHeader');
const retryAfter = (root) => loadSource(root, 'src/shared/time.ts', 'parseRetryAfter');

/** `parsePage` of a response with `headers` and `body`, requested at `url`. */
async function pageParser(root) {
  const parsePage = await loadSource(root, 'src/client/parsePage.ts', 'parsePage');
  return (body, headers, url = `${UPSTREAM}?page=0&size=2`) =>
    parsePage(body, { response: new Response(null, { headers }), page: 1, size: 2, url });
}

const pagingContext = {
  upstreamUrl: `${UPSTREAM}?page=0&size=20`,
  path: `/api/pagewise/${ORG}/shares`,
  size: 20,
  maxSize: 1000,
  allow: { shares: { cursor: true, sort: ['name'], filters: { q: { maxLength: 64 } } } },
  resource: 'shares',
};

/** The proxy's Fetch handler in front of a service that answers every call with an empty page. */
async function proxyHandler(root) {
  const createProxyHandler = await loadSource(root, 'src/server/index.ts', 'createProxyHandler');
  const bearerToken = await loadSource(root, 'src/client/index.ts', 'bearerToken');
  const handler = createProxyHandler({
    baseUrl: 'https://api.internal.example/v1',
    auth: bearerToken(() => 'bench-token'),
    basePath: '/api/pagewise',
    allowRequest: () => true,
    allow: pagingContext.allow,
    onError: () => undefined,
    fetch: async () => Response.json({ content: [], totalElements: 0, number: 0, size: 20 }),
  });
  return (query) => handler(new Request(`https://app.example/api/pagewise/${ORG}/shares?page=0&size=20&${query}`));
}

export default [
  { name: 'parseLinkHeader: `<` without `>`', load: linkHeader, hostile: (bytes) => fill('<', bytes) },
  { name: 'parseLinkHeader: `<a` repeated', load: linkHeader, hostile: (bytes) => fill('<a', bytes) },
  {
    name: 'parseLinkHeader: a link, then open quotes and escapes',
    load: linkHeader,
    hostile: (bytes) => `<a>;rel="next", <b>;a="${fill('\\";a=', bytes - 17)}`,
  },
  { name: 'parseLinkHeader: `;` and spaces', load: linkHeader, hostile: (bytes) => fill('; ', bytes) },
  { name: 'parseRetryAfter: letters', load: retryAfter, hostile: (bytes) => fill('a', bytes) },
  { name: 'parseRetryAfter: a letter, then digits', load: retryAfter, hostile: (bytes) => `a${fill('1', bytes - 1)}` },
  { name: 'parseRetryAfter: near-times `a00:00:0`', load: retryAfter, hostile: (bytes) => fill('a00:00:0', bytes) },
  {
    name: 'parsePage: X-Total-Count of digits',
    load: async (root) => {
      const parse = await pageParser(root);
      return (total) => parse([{ id: 1 }], { 'X-Total-Count': total });
    },
    hostile: (bytes) => fill('9', bytes),
  },
  {
    name: 'parsePage: next URL of many parameters',
    load: async (root) => {
      const parse = await pageParser(root);
      return (query) =>
        parse(
          { items: [{ id: 1 }, { id: 2 }], next: `${UPSTREAM}?page=1&size=2&${query}` },
          {},
          `${UPSTREAM}?page=0&size=2&${query}`,
        );
    },
    hostile: distinctParams,
  },
  {
    name: 'parsePage: Link header of `<`',
    load: async (root) => {
      const parse = await pageParser(root);
      return (link) => parse([{ id: 1 }], { Link: link });
    },
    hostile: (bytes) => fill('<', bytes),
  },
  {
    name: 'proxy rewriteLinkHeader: `<` (8 KB cap)',
    load: async (root) => {
      const rewrite = await loadSource(root, 'src/server/rewriteLinkHeader.ts', 'rewriteLinkHeader');
      return (value) => rewrite(value, pagingContext);
    },
    hostile: (bytes) => fill('<', bytes),
  },
  {
    name: 'proxy rewritePagingBody: next URL of many parameters',
    load: async (root) => {
      const rewrite = await loadSource(root, 'src/server/rewritePagingBody.ts', 'rewritePagingBody');
      const VerbatimJson = await loadSource(root, 'src/server/upstreamBody.ts', 'VerbatimJson');
      return (text) => rewrite(new VerbatimJson(text), pagingContext);
    },
    hostile: (bytes) =>
      JSON.stringify({ content: [], next: `${UPSTREAM}?cursor=c&size=20&${distinctParams(bytes - 120)}` }),
  },
  {
    name: 'proxy rewritePagingBody: nested arrays and escapes',
    load: async (root) => {
      const rewrite = await loadSource(root, 'src/server/rewritePagingBody.ts', 'rewritePagingBody');
      const VerbatimJson = await loadSource(root, 'src/server/upstreamBody.ts', 'VerbatimJson');
      return (text) => rewrite(new VerbatimJson(text), pagingContext);
    },
    hostile: (bytes) => {
      const half = Math.floor((bytes - 40) / 4);
      return `{"rows":[${'['.repeat(half)}${']'.repeat(half)},"${'\\"'.repeat(half)}"],"next":null}`;
    },
  },
  {
    name: 'proxy request: many filter values',
    load: proxyHandler,
    hostile: (bytes) => fill('q=x&', bytes),
  },
  { name: 'proxy request: many parameter names', load: proxyHandler, hostile: distinctParams },
  {
    name: 'withoutSecretParams: an echoed key under many names',
    load: async (root) => {
      const withoutSecretParams = await loadSource(root, 'src/client/redact.ts', 'withoutSecretParams');
      return (query) => withoutSecretParams(`${UPSTREAM}?${query}`, ['api_key'], ['k3y-echoed']);
    },
    hostile: (bytes) => distinctParams(bytes).replace(/=\d+/g, '=k3y-echoed'),
  },
  {
    name: 'matchListRoute: a route query value of many separators',
    load: async (root) => {
      const matchListRoute = await loadSource(root, 'src/shared/listEndpoints.ts', 'matchListRoute');
      return (value) =>
        matchListRoute('/x/?org={organizationId}-y-{resource}', '/x/', new URLSearchParams([['org', value]]));
    },
    hostile: (bytes) => fill('-y', bytes),
  },
  {
    name: 'mock service: query of many names (sort/filter)',
    load: async (root) => {
      const queryRows = await loadSource(root, 'src/testing/queryRows.ts', 'queryRows');
      const rows = Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, name: `row ${i}` }));
      return (query) => queryRows(rows, new URL(`https://mock.example/x?${query}`), []);
    },
    hostile: distinctParams,
  },
  {
    name: 'mock service: token form of one name repeated',
    load: async (root) => {
      const readTokenRequest = await loadSource(root, 'src/testing/handleTokenRequest.ts', 'readTokenRequest');
      const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
      return (body) =>
        readTokenRequest(new Request('https://mock.example/oauth/token', { method: 'POST', headers, body }), 'token');
    },
    hostile: (bytes) => fill('scope=a&', bytes),
  },
];
