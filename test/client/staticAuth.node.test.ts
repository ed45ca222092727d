import { describe, expect, it } from 'vitest';
import {
  apiKey,
  basicAuth,
  bearerToken,
  createApiClient,
  isHttpError,
  isInvalidArgumentError,
  type ClientEvent,
} from '../../src/client/index';
import type { ReceivedRequest } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';
import { ORG } from './fixtures';

// A real node:http server on 127.0.0.1 that records each request's headers.
const server = localServerForFile();
const params = { organizationId: ORG, page: 1, size: 2 };
const ok = { body: { items: [], total: 0 } };

const seen = async (auth: Parameters<typeof createApiClient>[0]['auth']): Promise<ReceivedRequest> => {
  let request: ReceivedRequest | undefined;
  server.handle((received) => ((request = received), ok));
  await createApiClient({ baseUrl: server.origin, auth }).listShares(params);
  return request!;
};

/** A service that echoes every credential it was sent, in its status text and body, with a 500. */
const echoing = (received: ReceivedRequest) => {
  const sent = `${received.headers.authorization ?? ''} ${received.headers['x-api-key'] ?? ''}`;
  return { status: 500, statusText: `Broken ${sent}`.replace(/[^\x20-\x7e]/g, ''), body: { detail: sent } };
};

describe('a token with another scheme word', () => {
  it("sends Django REST Framework's `Authorization: Token <key>`", async () => {
    const request = await seen(bearerToken(() => '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b', { scheme: 'Token' }));
    expect(request.headers.authorization).toBe('Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b');
  });

  it('refuses a scheme that is not one word, naming `scheme`, before any request', () => {
    expect(() => bearerToken(() => 'x', { scheme: 'Token\r\nX-Other: 1' })).toThrow(
      expect.objectContaining({ argument: 'scheme' }),
    );
  });
});

describe('basicAuth', () => {
  it('sends any username and password as RFC 7617 Basic, the pair in UTF-8', async () => {
    const request = await seen(basicAuth({ username: 'reports@example.com', password: 'pä$$ wörd:1' }));
    const [scheme, encoded] = request.headers.authorization!.split(' ');
    expect(scheme).toBe('Basic');
    expect(Buffer.from(encoded!, 'base64').toString('utf8')).toBe('reports@example.com:pä$$ wörd:1');
  });

  it('asks a password function at each request, so a rotated one is used', async () => {
    let password = 'first-password-1';
    const auth = basicAuth({ username: 'svc', password: () => password });
    const client = createApiClient({ baseUrl: server.origin, auth });
    const sent: string[] = [];
    server.handle((received) => (sent.push(received.headers.authorization!), ok));
    await client.listShares(params);
    password = 'second-password-2';
    await client.listShares(params);
    expect(sent.map((value) => Buffer.from(value.slice(6), 'base64').toString())).toEqual([
      'svc:first-password-1',
      'svc:second-password-2',
    ]);
  });

  it('refuses a username with a colon, naming `username`', () => {
    let error: unknown;
    try {
      basicAuth({ username: 'a:b', password: 'p' });
    } catch (thrown) {
      error = thrown;
    }
    expect(isInvalidArgumentError(error) && error.argument).toBe('username');
  });

  it('keeps the password, the pair and its base64 out of errors and events from an echoing service', async () => {
    const password = 'correct-horse-battery';
    const events: ClientEvent[] = [];
    server.handle(echoing);
    const client = createApiClient({
      baseUrl: server.origin,
      auth: basicAuth({ username: 'svc', password }),
      onEvent: (event) => events.push(event),
    });
    const error = await client.listShares(params).catch((thrown: unknown) => thrown);
    expect(isHttpError(error)).toBe(true);
    const encoded = Buffer.from(`svc:${password}`).toString('base64');
    expectNoSecrets(error, [password, `svc:${password}`, encoded]);
    expect(JSON.stringify(events)).not.toContain(password);
    expect(JSON.stringify(events)).not.toContain(encoded);
  });
});

describe('apiKey', () => {
  it('sends the key in the named header and no Authorization', async () => {
    const request = await seen(apiKey({ header: 'X-API-Key', key: 'k_live_51Hq2v3e4r5t6y' }));
    expect(request.headers['x-api-key']).toBe('k_live_51Hq2v3e4r5t6y');
    expect(request.headers.authorization).toBeUndefined();
  });

  it('keeps the key out of errors from a service that echoes it', async () => {
    server.handle(echoing);
    const auth = apiKey({ header: 'X-API-Key', key: 'k_live_51Hq2v3e4r5t6y' });
    const error = await createApiClient({ baseUrl: server.origin, auth })
      .listShares(params)
      .catch((thrown: unknown) => thrown);
    expect(isHttpError(error)).toBe(true);
    expectNoSecrets(error, ['k_live_51Hq2v3e4r5t6y']);
  });

  it.each(['Authorization', 'X Key', ''])('refuses %j as the header, naming `header`', (header) => {
    expect(() => apiKey({ header, key: 'k' })).toThrow(expect.objectContaining({ argument: 'header' }));
  });

  it('never quotes a header or query parameter that is a whole line pasted in, key and all', () => {
    for (const header of ['X-API-Key: k_live_51Hq2v3e4r5t6y', 'k_live_51Hq2v3e4r5t6y X-API-Key'])
      expect(() => apiKey({ header, key: 'k' })).toThrow(
        expect.objectContaining({ argument: 'header', message: expect.not.stringContaining('k_live') }),
      );
    expect(() => apiKey({ query: 'api_key=k_live_51Hq2v3e4r5t6y', key: 'k' })).toThrow(
      expect.objectContaining({ argument: 'query', message: expect.not.stringContaining('k_live') }),
    );
  });

  it('refuses a key function that gives no key, never echoing it, before any request', async () => {
    server.handle(() => ok);
    const before = server.requests.length;
    const auth = apiKey({ header: 'X-API-Key', key: () => 'k_live\nq8w7e6r5' });
    const error = await createApiClient({ baseUrl: server.origin, auth })
      .listShares(params)
      .catch((thrown: unknown) => thrown);
    expect(isInvalidArgumentError(error) && error.argument).toBe('key');
    expect(String((error as Error).message)).not.toContain('q8w7e6r5');
    expect(server.requests.length).toBe(before);
  });
});
