// An API that signals pages only by RFC 8288 Link headers (no total), behind the proxy, over real HTTP on 127.0.0.1:
// the browser-side client pages to the end on the proxy's rewritten links, and no upstream address reaches it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { createServer } from 'node:http';
import { clientCredentials } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { listenLocally, type Listening } from '../helpers/localServer';
import { proxyEntryPoints } from './proxyEntryPoints';

const acme = demoOrganizationIds.acme;
const mock = createMockService({ shape: 'link', organizations: { [acme]: { name: 'Acme', shares: 40 } } });
let upstream: MockHttpServer;
let proxy: Listening;

describe.each(proxyEntryPoints)('$name with a Link-paged service', ({ listen }) => {
  beforeAll(async () => {
    upstream = await createMockHttpServer(mock);
    const { clientId, clientSecret } = mock.credentials;
    const auth = clientCredentials({ authUrl: upstream.authUrl, clientId, clientSecret, audience: upstream.baseUrl });
    proxy = await listenLocally(
      createServer(listen({ baseUrl: upstream.baseUrl, auth, basePath: '/api/pagewise', allowRequest: () => true })),
    );
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('passes the paging links on, rewritten to its own path, so the browser pages to the last page with no total', async () => {
    const browser = createApiClient({ baseUrl: `${proxy.origin}/api/pagewise` });
    // 40 rows: without the links, a full second page would look like more to come (the bare-array guess).
    const seen: { items: number; hasNext: boolean; total: number | undefined; pageCount: number | undefined }[] = [];
    let page = 1;
    for (;;) {
      const result = await browser.listShares({ organizationId: acme, page, size: 20 });
      seen.push({
        items: result.items.length,
        hasNext: result.hasNext,
        total: result.total,
        pageCount: result.pageCount,
      });
      if (!result.hasNext) break;
      page += 1;
    }
    expect(seen).toEqual([
      { items: 20, hasNext: true, total: undefined, pageCount: 2 },
      { items: 20, hasNext: false, total: undefined, pageCount: 2 },
    ]);
  });

  it('answers with links on its own path only: no upstream host, no parameter but page and size', async () => {
    const response = await fetch(`${proxy.origin}/api/pagewise/${acme}/shares?page=0&size=20`);
    const link = response.headers.get('link') ?? '';
    expect(link).toContain(`</api/pagewise/${acme}/shares?page=1&size=20>; rel="next"`);
    expect(link).toContain(`</api/pagewise/${acme}/shares?page=1&size=20>; rel="last"`);
    expect(link).not.toContain(new URL(upstream.baseUrl).host);
    for (const [, target] of link.matchAll(/<([^>]*)>/g)) {
      expect([...new URL(target!, proxy.origin).searchParams.keys()].sort()).toEqual(['page', 'size']);
    }
  });
});
