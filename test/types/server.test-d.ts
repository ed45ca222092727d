// Type tests: checked by `tsc -p tsconfig.json` (the type-check step of `npm test`); a wrong type is a compile error.
import type { webcrypto } from 'node:crypto';
import { describe, expectTypeOf, it } from 'vitest';
import { createApiClient, createRpcClient, parseWriteCall } from '../../src/client/index';
import type { AuthStrategy, ListAnswer, ListCall, WriteAnswer, WriteCall } from '../../src/client/index';
import {
  apiAccountToken,
  clientCredentials,
  createProxyHandler,
  memoryTokenStore,
  readTokenFile,
  redisTokenStore,
  serveWriteCall,
} from '../../src/server/index';
import type * as server from '../../src/server/index';
import type * as signingKey from '../../src/server/signingKey';
import type { WriteCallAllow } from '../../src/server/serveWriteCall';
import type {
  ApiAccountTokenOptions,
  ClientCredentialsOptions,
  ClientCredentialsStrategy,
  StoredToken,
  TokenStore,
} from '../../src/server/index';
import { createMockService } from '../../src/testing/index';
import type { MockService, RecordedRequest } from '../../src/testing/index';
import { createMockHttpServer } from '../../src/testing/node';
import type { MockHttpServer } from '../../src/testing/node';
import type { ResettableAuthStrategy } from '../../src/client/types';

describe('pagewise/server', () => {
  it('clientCredentials takes the seed 4.1 fields and is an auth strategy for createApiClient', () => {
    const auth = clientCredentials({
      authUrl: 'https://id.example.test',
      clientId: 'id',
      clientSecret: 'secret',
      scope: 'x.read',
    });
    expectTypeOf(auth).toEqualTypeOf<ClientCredentialsStrategy>();
    expectTypeOf(auth).toExtend<ResettableAuthStrategy>();
    expectTypeOf(auth.withScope('x.list')).toEqualTypeOf<ClientCredentialsStrategy>();
    expectTypeOf(auth.revoke).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(auth.close).returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(auth).toExtend<AuthStrategy>();
    expectTypeOf(createApiClient).parameter(0).toHaveProperty('auth').toEqualTypeOf<AuthStrategy | undefined>();
    expectTypeOf<ClientCredentialsOptions>().toHaveProperty('audience').toEqualTypeOf<string | false | undefined>();
    expectTypeOf<ClientCredentialsOptions>().toHaveProperty('resource').toEqualTypeOf<string | string[] | undefined>();
    // @ts-expect-error clientSecret is required
    clientCredentials({ authUrl: 'https://id.example.test', clientId: 'id' });
    // @ts-expect-error exactly one of authUrl, tokenUrl and issuer
    clientCredentials({
      authUrl: 'https://id.example.test',
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      clientSecret: 's',
    });
    // @ts-expect-error one of authUrl, tokenUrl and issuer is required
    clientCredentials({ clientId: 'id', clientSecret: 's' });
    clientCredentials({
      issuer: 'https://id.example.test',
      clientId: 'id',
      clientSecret: 's',
      bodyEncoding: 'form',
      clientAuthentication: 'client_secret_basic',
    });
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      clientSecret: 's',
      // @ts-expect-error only json and form bodies exist
      bodyEncoding: 'xml',
    });
  });

  it('clientCredentials takes a private key, an assertion callback or a client certificate instead of a secret, and DPoP', () => {
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      privateKey: '-----BEGIN PRIVATE KEY-----',
      keyId: 'k',
      algorithm: 'PS256',
    });
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      privateKey: { kty: 'EC', d: 'x' },
      certificate: 'pem',
      dpop: true,
    });
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      clientAssertion: readTokenFile('/var/run/secrets/token'),
    });
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      clientAuthentication: 'tls_client_auth',
    });
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      clientSecret: 's',
      clientAuthentication: 'client_secret_jwt',
    });
    expectTypeOf<ClientCredentialsOptions>()
      .toHaveProperty('dpop')
      .toEqualTypeOf<boolean | signingKey.WebCryptoKeyPair | undefined>();
    // The declarations name no DOM global, and the DOM's and Node's keys fit what they name.
    expectTypeOf<CryptoKeyPair>().toExtend<signingKey.WebCryptoKeyPair>();
    expectTypeOf<webcrypto.CryptoKeyPair>().toExtend<signingKey.WebCryptoKeyPair>();
    expectTypeOf<CryptoKey>().toExtend<signingKey.PrivateKeyInput>();
    expectTypeOf<webcrypto.CryptoKey>().toExtend<signingKey.PrivateKeyInput>();
    expectTypeOf<JsonWebKey>().toExtend<signingKey.PrivateKeyInput>();
    expectTypeOf<webcrypto.JsonWebKey>().toExtend<signingKey.PrivateKeyInput>();
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      privateKey: 'pem',
      // @ts-expect-error HS512 is no algorithm of private_key_jwt
      algorithm: 'HS512',
    });
    // @ts-expect-error a credential (secret, key, assertion) or tls_client_auth is required
    clientCredentials({
      tokenUrl: 'https://id.example.test/token',
      clientId: 'id',
      clientAuthentication: 'private_key_jwt',
    });
  });

  it('tokenStore takes a plain TokenStore: the shipped stores and an object literal alike, with no sharing protocol in the public types', () => {
    expectTypeOf(memoryTokenStore()).toEqualTypeOf<TokenStore>();
    expectTypeOf(redisTokenStore({ call: async () => null })).toEqualTypeOf<TokenStore>();
    const tokens = new Map<string, StoredToken>();
    const own: TokenStore = {
      get: async (key) => tokens.get(key),
      set: async (key, value) => void tokens.set(key, value),
      lock: async () => true,
      unlock: async () => undefined,
      deleteIfEqual: async (key, token) => void (tokens.get(key)?.token === token && tokens.delete(key)),
    };
    clientCredentials({ authUrl: 'https://id.example.test', clientId: 'id', clientSecret: 's', tokenStore: own });
    const partial = { get: own.get };
    // @ts-expect-error a store lacking a method of the interface
    clientCredentials({ authUrl: 'https://id.example.test', clientId: 'id', clientSecret: 's', tokenStore: partial });
    // @ts-expect-error the sharing protocol is clientCredentials' own
    expectTypeOf<server.SharedTokenStore>().toBeObject();
    // @ts-expect-error the sharing protocol is clientCredentials' own
    expectTypeOf<server.TokenShareOptions>().toBeObject();
    expectTypeOf<TokenStore>().not.toHaveProperty('share');
  });

  it('apiAccountToken takes the account id, the token and a raw or base64 encoding', () => {
    expectTypeOf(apiAccountToken({ accountId: 'a', apiToken: 't' })).toEqualTypeOf<AuthStrategy>();
    expectTypeOf<ApiAccountTokenOptions>().toHaveProperty('encoding').toEqualTypeOf<'raw' | 'base64' | undefined>();
    // @ts-expect-error only raw and base64 exist
    apiAccountToken({ accountId: 'a', apiToken: 't', encoding: 'hex' });
  });

  it('createProxyHandler is a Fetch-API handler', () => {
    const handler = createProxyHandler({
      baseUrl: 'https://api.example.test',
      auth: apiAccountToken({ accountId: 'a', apiToken: 't' }),
      basePath: '/api',
    });
    expectTypeOf(handler).toEqualTypeOf<(request: Request) => Promise<Response>>();
  });
});

describe('pagewise/testing', () => {
  it('createMockService returns MSW handlers and inspectable state; the Node adapter serves it', async () => {
    const service = createMockService({ latencyMs: 0 });
    expectTypeOf(service).toEqualTypeOf<MockService>();
    expectTypeOf(service.requests).toEqualTypeOf<RecordedRequest[]>();
    expectTypeOf<RecordedRequest['page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf(await createMockHttpServer(service, { port: 0 })).toEqualTypeOf<MockHttpServer>();
  });
});

describe('server functions: serveWriteCall beside serveListCall', () => {
  it('a function of the shape of a Start server function fits createRpcClient’s call and write', () => {
    const serverClient = createApiClient({ baseUrl: 'https://api.example.test' });
    const writeRow = (opts: { data: WriteCall; signal?: AbortSignal }) =>
      serveWriteCall(serverClient, parseWriteCall(opts.data), { allow: { shares: ['PATCH', 'DELETE'] } });
    expectTypeOf(writeRow).returns.toEqualTypeOf<Promise<WriteAnswer>>();
    const listPage = ({ data }: { data: ListCall; signal?: AbortSignal }) =>
      Promise.resolve<ListAnswer>({ error: { kind: data.resource === 'shares' ? 'NetworkError' : 'HttpError' } });
    expectTypeOf(createRpcClient({ call: listPage, write: writeRow }).delete).toBeFunction();
    // @ts-expect-error GET is no write method
    const notAWrite: WriteCallAllow = { shares: ['GET'] };
    expectTypeOf(notAWrite).not.toBeAny();
  });
});
