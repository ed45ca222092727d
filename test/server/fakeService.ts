import { startLocalServer, type LocalServer, type ReceivedRequest, type Reply } from '../helpers/localServer';
import { springPage } from '../client/fixtures';

export const CLIENT_ID = 'pw-client-7c1e';
export const CLIENT_SECRET = 'cs_Zq9!x7Lm2pR4tV8w';

/** A local identity provider (`/oauth/token`) and API (`/api/...`) on one server, with switches for failures. */
export interface FakeService {
  server: LocalServer;
  /** Token requests received. */
  tokenRequests(): ReceivedRequest[];
  /** API requests received. */
  apiRequests(): ReceivedRequest[];
  /** Tokens issued so far (`at-1`, `at-2`, … prefixed). */
  issued: string[];
  /** Overrides the token endpoint's answer (undefined: issue a token). */
  tokenReply: ((request: ReceivedRequest) => Reply | Promise<Reply>) | undefined;
  /** Overrides the API's answer (undefined: a page when the token is the latest issued, else 401). */
  apiReply: ((request: ReceivedRequest) => Reply | Promise<Reply>) | undefined;
  /** Lifetime of issued tokens in seconds. */
  expiresIn: number;
  reset(): void;
}

export async function startFakeService(): Promise<FakeService> {
  const server = await startLocalServer();
  const service: FakeService = {
    server,
    tokenRequests: () => server.requestsTo('/oauth/token'),
    apiRequests: () => server.requests.filter((r) => r.path.startsWith('/api/')),
    issued: [],
    tokenReply: undefined,
    apiReply: undefined,
    expiresIn: 3600,
    reset() {
      server.requests.length = 0;
      service.issued.length = 0;
      service.tokenReply = undefined;
      service.apiReply = undefined;
      service.expiresIn = 3600;
    },
  };
  server.handle((request) => {
    if (request.path === '/oauth/token') {
      if (service.tokenReply) return service.tokenReply(request);
      const body = JSON.parse(request.body) as Record<string, unknown>;
      if (body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
      }
      const token = `at-${service.issued.length + 1}-e3b0c44298fc1c149afbf4c8996fb924`;
      service.issued.push(token);
      return { body: { access_token: token, token_type: 'Bearer', expires_in: service.expiresIn, scope: body.scope } };
    }
    if (service.apiReply) return service.apiReply(request);
    const latest = service.issued.at(-1);
    return request.headers.authorization === `Bearer ${latest}`
      ? { body: springPage([{ id: 's1' }], 1) }
      : { status: 401, body: { error: 'invalid_token' } };
  });
  return service;
}

/** Runs `fn` with `window` and `document` defined, as in a browser. */
export function asInBrowser<T>(fn: () => T): T {
  const g = globalThis as Record<string, unknown>;
  g.window = g;
  g.document = {};
  try {
    return fn();
  } finally {
    delete g.window;
    delete g.document;
  }
}
