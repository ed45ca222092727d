import { delay, http, HttpResponse } from 'msw';
import type { ApiRecord } from '../client/types';
import { createRowSource, type GenerationCounter, type RowSource } from './createRowSource';
import { decodeBasicCredentials } from './decodeBasicCredentials';
import { demoAccount, demoClient, demoOrganizations } from './demoData';
import { errorResponse, oauthErrorResponse } from './errorResponse';
import { formatPage } from './formatPage';
import { generateEnvironment } from './generateEnvironment';
import { generateShare } from './generateShare';
import { isUuid } from '../client/isUuid';
import { pathBelow, trimBase } from './matchBase';
import { setMockServiceInternals } from './mockServiceInternals';
import type {
  MockAccount,
  MockClient,
  MockFailure,
  MockLatency,
  MockLatencyRequest,
  MockListResource,
  MockOrganization,
  MockResource,
  MockResponseShape,
  MockService,
  MockServiceOptions,
  RecordedRequest,
} from './types';

const DEFAULT_SCOPE = 'pagewise.read pagewise.write';
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 1000;
const SHAPES: readonly MockResponseShape[] = [
  'spring-page',
  'paged-model',
  'hal',
  'array',
  'items',
  'slice',
  'link',
  'has-more',
  'next',
  'bare-array',
];
const FAILURES: readonly MockFailure['status'][] = [401, 403, 429, 500, 503, 'malformed-json', 'network'];
const REALM = 'realm="pagewise"';
// OAuth error codes (RFC 6749 5.2 and 4.1.2.1) a failing identity provider answers with.
const TOKEN_FAILURE_CODES = {
  401: 'invalid_client',
  403: 'access_denied',
  429: 'temporarily_unavailable',
  500: 'server_error',
  503: 'temporarily_unavailable',
} as const;

interface OrganizationState {
  id: string;
  name: string;
  shares: RowSource;
  environments: RowSource;
}

interface PendingFailure extends MockFailure {
  remaining: number;
}

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'org';
}

function checkSeed(value: unknown, label: string): number | ApiRecord[] {
  if (value === undefined) return 0;
  if (Array.isArray(value)) return value as ApiRecord[];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new TypeError(`createMockService: \`${label}\` must be a row count (integer >= 0) or an array of records`);
}

function createOrganizations(
  seeds: NonNullable<MockServiceOptions['organizations']>,
  counter: GenerationCounter,
): OrganizationState[] {
  return Object.entries(seeds).map(([id, seed], position) => {
    if (!isUuid(id)) throw new TypeError(`createMockService: \`organizations\` key "${id}" is not a UUID`);
    const name = seed.name ?? `Organization ${position + 1}`;
    const slug = slugOf(name);
    return {
      id,
      name,
      shares: createRowSource(
        checkSeed(seed.shares, `organizations["${id}"].shares`),
        (index) => generateShare(id, slug, index),
        counter,
      ),
      environments: createRowSource(
        checkSeed(seed.environments, `organizations["${id}"].environments`),
        (index) => generateEnvironment(id, slug, index),
        counter,
      ),
    };
  });
}

/** Scheme of an Authorization header, for the request log; the credential itself is never kept. */
function schemeOf(header: string | null): 'Bearer' | 'Basic' | null {
  const scheme = header?.trim().split(/\s+/, 1)[0]?.toLowerCase();
  if (scheme === 'bearer') return 'Bearer';
  if (scheme === 'basic') return 'Basic';
  return null;
}

function credentialOf(header: string): string {
  return header.trim().replace(/^\S+\s+/, '').trim();
}

/** A non-negative integer query parameter, its default when absent, or null when malformed. */
function integerParam(url: URL, name: string, fallback: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  if (!/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

function randomToken(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A mock of the service for tests, stories and local development: MSW 2 handlers for the token
 * endpoint and both list endpoints, plus the state behind them (seeded organizations, issued
 * tokens, a request log, injectable failures and latency).
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = trimBase(options.baseUrl ?? 'https://api.pagewise.test');
  const authUrl = trimBase(options.authUrl ?? 'https://auth.pagewise.test');
  const clients: MockClient[] = options.clients ?? [demoClient];
  const accounts: MockAccount[] = options.accounts ?? [demoAccount];
  const shape = options.shape ?? 'spring-page';
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const authRequired = (options.auth ?? 'required') === 'required';
  const now = options.now ?? (() => Date.now());
  const initialLatency: MockLatency = options.latencyMs ?? 0;

  if (!SHAPES.includes(shape)) throw new TypeError(`createMockService: \`shape\` must be one of ${SHAPES.join(', ')}`);
  if (!(lifetimeSeconds > 0)) throw new TypeError('createMockService: `tokenLifetimeSeconds` must be a positive number');
  const firstClient = clients[0];
  const firstAccount = accounts[0];
  if (!firstClient) throw new TypeError('createMockService: `clients` must hold at least one client');
  if (!firstAccount) throw new TypeError('createMockService: `accounts` must hold at least one account');

  const counter: GenerationCounter = { generated: 0 };
  const organizations = createOrganizations(options.organizations ?? demoOrganizations, counter);
  const byId = new Map(organizations.map((organization) => [organization.id.toLowerCase(), organization]));
  const apiBases = [baseUrl];
  const authBases = [authUrl];
  const tokens = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  let failures: PendingFailure[] = [];
  let latency = initialLatency;
  let tokenRequests = 0;

  const audiences = (): string[] => (options.audience !== undefined ? [trimBase(options.audience)] : apiBases);

  async function wait(request: MockLatencyRequest): Promise<void> {
    const ms = typeof latency === 'function' ? latency(request) : latency;
    if (typeof ms !== 'number') await ms;
    else if (ms > 0) await delay(ms);
  }

  function takeFailure(resource: MockResource): MockFailure | undefined {
    const index = failures.findIndex((failure) =>
      failure.resource === undefined ? resource !== 'token' : failure.resource === resource,
    );
    const failure = failures[index];
    if (!failure) return undefined;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failures.splice(index, 1);
    return failure;
  }

  function failureResponse(failure: MockFailure, path: string): Response {
    if (failure.status === 'network') return HttpResponse.error();
    if (failure.status === 'malformed-json') {
      return new HttpResponse('{"content":[{"id":"', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    const headers: Record<string, string> = {};
    const retryAfter = failure.retryAfter ?? (failure.status === 429 ? 1 : undefined);
    if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
    if (failure.status === 401) headers['WWW-Authenticate'] = `Bearer ${REALM}, error="invalid_token"`;
    if (failure.resource === 'token') {
      return HttpResponse.json(
        { error: TOKEN_FAILURE_CODES[failure.status], error_description: `Simulated ${failure.status}` },
        { status: failure.status, headers: { ...headers, 'Cache-Control': 'no-store' } },
      );
    }
    return errorResponse(failure.status, `Simulated ${failure.status}`, { path, now: now(), headers });
  }

  function finish(record: RecordedRequest, response: Response): Response {
    record.status = response.type === 'error' ? 0 : response.status;
    return response;
  }

  /** Null when the request may proceed, else the 401 to answer with. */
  function checkAuthorization(header: string | null, path: string): Response | null {
    if (!authRequired) return null;
    const scheme = schemeOf(header);
    const challenge = (wwwAuthenticate: string, message: string) =>
      errorResponse(401, message, { path, now: now(), headers: { 'WWW-Authenticate': wwwAuthenticate } });
    if (header === null || scheme === null) {
      return challenge(`Bearer ${REALM}, Basic ${REALM}`, 'Full authentication is required to access this resource');
    }
    const credential = credentialOf(header);
    if (scheme === 'Bearer') {
      const expiresAt = tokens.get(credential);
      if (expiresAt !== undefined && now() < expiresAt) return null;
      return challenge(
        `Bearer ${REALM}, error="invalid_token", error_description="The access token is invalid or has expired"`,
        'The access token is invalid or has expired',
      );
    }
    const pair = decodeBasicCredentials(credential);
    const known = pair && accounts.some((a) => a.accountId === pair.user && a.apiToken === pair.password);
    return known ? null : challenge(`Basic ${REALM}`, 'Bad API account credentials');
  }

  async function handleList(request: Request, resource: MockListResource, rawOrganizationId: string) {
    const url = new URL(request.url);
    let organizationId = rawOrganizationId;
    try {
      organizationId = decodeURIComponent(rawOrganizationId);
    } catch {
      // Keep the raw text: it is rejected below as not a UUID.
    }
    const page = integerParam(url, 'page', 0);
    const size = integerParam(url, 'size', DEFAULT_PAGE_SIZE);
    const validSize = size !== null && size >= 1 && size <= MAX_PAGE_SIZE ? size : undefined;
    const record: RecordedRequest = {
      resource,
      method: request.method,
      url: request.url,
      organizationId,
      page: page ?? undefined,
      size: validSize,
      authorization: schemeOf(request.headers.get('Authorization')),
      status: null,
    };
    requests.push(record);
    // A queued failure belongs to the request that arrives next, not to whichever slow one answers first.
    const failure = takeFailure(resource);
    await wait({ resource, organizationId, page: record.page, size: record.size });

    const path = url.pathname;
    if (failure) return finish(record, failureResponse(failure, path));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return finish(record, errorResponse(405, `Request method '${request.method}' is not supported`, {
        path,
        now: now(),
        headers: { Allow: 'GET, HEAD' },
      }));
    }
    const denied = checkAuthorization(request.headers.get('Authorization'), path);
    if (denied) return finish(record, denied);
    if (!isUuid(organizationId)) {
      return finish(record, errorResponse(400, 'organizationId must be a UUID', { path, now: now() }));
    }
    const organization = byId.get(organizationId.toLowerCase());
    if (!organization) {
      return finish(record, errorResponse(404, `Organization ${organizationId} not found`, { path, now: now() }));
    }
    if (page === null) {
      return finish(record, errorResponse(400, 'page must be an integer >= 0', { path, now: now() }));
    }
    if (validSize === undefined) {
      return finish(record, errorResponse(400, `size must be an integer from 1 to ${MAX_PAGE_SIZE}`, { path, now: now() }));
    }
    const rows = organization[resource];
    const start = page * validSize;
    const items = rows.slice(start, start + validSize);
    return finish(record, formatPage(shape, { resource, items, total: rows.count(), page, size: validSize, url }));
  }

  async function handleToken(request: Request) {
    tokenRequests += 1;
    const record: RecordedRequest = {
      resource: 'token',
      method: request.method,
      url: request.url,
      authorization: schemeOf(request.headers.get('Authorization')),
      status: null,
    };
    requests.push(record);
    const failure = takeFailure('token');
    await wait({ resource: 'token' });
    if (failure) return finish(record, failureResponse(failure, new URL(request.url).pathname));
    return finish(record, await issueToken(request));
  }

  async function issueToken(request: Request): Promise<Response> {
    if (request.method !== 'POST') {
      return HttpResponse.json(
        { error: 'invalid_request', error_description: 'The token endpoint accepts POST only' },
        { status: 405, headers: { Allow: 'POST' } },
      );
    }
    // As real identity providers do: the seed's JSON body (Auth0) or RFC 6749's form body, the client's id and secret
    // in the body (client_secret_post) or in a Basic header (client_secret_basic), never both.
    const contentType = request.headers.get('Content-Type') ?? '';
    let fields: Record<string, unknown>;
    if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) {
      fields = {};
      for (const [name, value] of new URLSearchParams(await request.text())) {
        fields[name] = name in fields ? [fields[name], value].flat() : value;
      }
    } else if (/^application\/json\s*(;|$)/i.test(contentType)) {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return oauthErrorResponse(400, 'invalid_request', 'The request body is not valid JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return oauthErrorResponse(400, 'invalid_request', 'The request body must be a JSON object');
      }
      fields = body as Record<string, unknown>;
    } else {
      return oauthErrorResponse(400, 'invalid_request', 'Content-Type must be application/json or application/x-www-form-urlencoded');
    }
    const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
    const grantType = text('grant_type');
    let clientId = text('client_id');
    let clientSecret = text('client_secret');
    const audience = text('audience');
    const scope = text('scope');
    const header = request.headers.get('Authorization');
    if (header !== null) {
      const pair = /^Basic\s+(\S+)$/i.exec(header.trim())?.[1];
      const basic = pair === undefined ? null : decodeBasicCredentials(pair);
      if (basic === null) return oauthErrorResponse(401, 'invalid_client', 'The Authorization header is not Basic client credentials');
      if (fields.client_secret !== undefined) {
        return oauthErrorResponse(400, 'invalid_request', 'Use one client authentication method: Basic or client_secret in the body, not both');
      }
      // RFC 6749 2.3.1: each part is form-urlencoded before the pair is base64-encoded.
      const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
      try {
        [clientId, clientSecret] = [formDecode(basic.user), formDecode(basic.password)];
      } catch {
        return oauthErrorResponse(401, 'invalid_client', 'The Basic credentials are not form-urlencoded');
      }
      if (fields.client_id !== undefined && fields.client_id !== clientId) {
        return oauthErrorResponse(400, 'invalid_request', 'client_id in the body differs from the Basic credentials');
      }
    }
    if (grantType === undefined) return oauthErrorResponse(400, 'invalid_request', 'Missing grant_type');
    if (grantType !== 'client_credentials') {
      return oauthErrorResponse(400, 'unsupported_grant_type', 'Only client_credentials is supported');
    }
    if (clientId === undefined || clientSecret === undefined) {
      return oauthErrorResponse(400, 'invalid_request', 'Missing client_id or client_secret');
    }
    if (fields.scope !== undefined && scope === undefined) {
      return oauthErrorResponse(400, 'invalid_request', 'scope must be a space-separated string');
    }
    const client = clients.find((c) => c.clientId === clientId);
    const account = accounts.find((a) => a.apiKey !== undefined && a.apiKey === clientId);
    const allowedScope = client
      ? client.clientSecret === clientSecret
        ? (client.scope ?? DEFAULT_SCOPE)
        : null
      : account && account.apiSecret === clientSecret
        ? DEFAULT_SCOPE
        : null;
    if (allowedScope === null) return oauthErrorResponse(401, 'invalid_client', 'Client authentication failed');
    // The API is named by `audience` (Auth0) or RFC 8707 `resource` indicators (one or more).
    const targets = [fields.audience ?? [], fields.resource ?? []].flat();
    if (!targets.length) return oauthErrorResponse(400, 'invalid_request', 'Missing audience or resource');
    if (audience === undefined && fields.audience !== undefined) return oauthErrorResponse(400, 'invalid_request', 'audience must be a string');
    const isThisApi = (target: unknown) => {
      try {
        return typeof target === 'string' && audiences().includes(trimBase(target));
      } catch {
        // Not a URL: it cannot match.
        return false;
      }
    };
    if (!targets.every(isThisApi)) return oauthErrorResponse(400, 'invalid_target', 'The audience or resource is not this API');
    const allowed = allowedScope.split(/\s+/).filter(Boolean);
    const requested = scope?.split(/\s+/).filter(Boolean) ?? [];
    if (requested.some((s) => !allowed.includes(s))) {
      return oauthErrorResponse(400, 'invalid_scope', 'The requested scope exceeds what the client may be granted');
    }
    const accessToken = randomToken();
    // Forget expired tokens so a long-running mock server does not grow without bound.
    const issuedAt = now();
    for (const [token, expiresAt] of tokens) if (expiresAt <= issuedAt) tokens.delete(token);
    tokens.set(accessToken, issuedAt + lifetimeSeconds * 1000);
    return HttpResponse.json(
      {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: lifetimeSeconds,
        scope: (requested.length > 0 ? requested : allowed).join(' '),
      },
      { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } },
    );
  }

  const handlers = [
    http.all(({ request }) => {
      const url = new URL(request.url);
      return authBases.some((base) => pathBelow(url, base) === '/oauth/token');
    }, ({ request }) => handleToken(request)),
    http.all(({ request }) => {
      const url = new URL(request.url);
      for (const base of apiBases) {
        const match = /^\/([^/]+)\/(shares|environments)\/?$/.exec(pathBelow(url, base) ?? '');
        if (match?.[1] && match[2]) return { matches: true, params: { organizationId: match[1], resource: match[2] } };
      }
      return false;
    }, ({ request, params }) =>
      handleList(request, params.resource as MockListResource, String(params.organizationId)),
    ),
  ];

  const service: MockService = {
    handlers,
    baseUrl,
    authUrl,
    credentials: {
      clientId: firstClient.clientId,
      clientSecret: firstClient.clientSecret,
      scope: firstClient.scope ?? DEFAULT_SCOPE,
      audience: options.audience ?? baseUrl,
      accountId: firstAccount.accountId,
      apiToken: firstAccount.apiToken,
      ...(firstAccount.apiKey !== undefined ? { apiKey: firstAccount.apiKey } : {}),
      ...(firstAccount.apiSecret !== undefined ? { apiSecret: firstAccount.apiSecret } : {}),
    },
    get organizations(): MockOrganization[] {
      return organizations.map(({ id, name, shares, environments }) => ({
        id,
        name,
        shares: shares.count(),
        environments: environments.count(),
      }));
    },
    get requests() {
      return requests;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    get rowsGenerated() {
      return counter.generated;
    },
    fail(failure) {
      if (!FAILURES.includes(failure.status)) {
        throw new TypeError(`fail: \`status\` must be one of ${FAILURES.join(', ')}`);
      }
      const times = failure.times ?? 1;
      if (!(times >= 1)) throw new TypeError('fail: `times` must be at least 1');
      failures.push({ ...failure, remaining: times });
    },
    deleteRows(organizationId, resource, count) {
      const organization = byId.get(organizationId.toLowerCase());
      if (!organization) throw new TypeError(`deleteRows: unknown \`organizationId\` "${organizationId}"`);
      if (resource !== 'shares' && resource !== 'environments') {
        throw new TypeError('deleteRows: `resource` must be "shares" or "environments"');
      }
      if (!Number.isSafeInteger(count) || count < 0) throw new TypeError('deleteRows: `count` must be an integer >= 0');
      organization[resource].deleteLast(count);
    },
    setLatency(next) {
      latency = next;
    },
    expireTokens() {
      tokens.clear();
    },
    reset() {
      requests.length = 0;
      tokenRequests = 0;
      counter.generated = 0;
      failures = [];
      latency = initialLatency;
      for (const organization of organizations) {
        organization.shares.restore();
        organization.environments.restore();
      }
    },
  };

  setMockServiceInternals(service, {
    addOrigin(urls) {
      const api = trimBase(urls.baseUrl);
      const auth = trimBase(urls.authUrl);
      apiBases.push(api);
      authBases.push(auth);
      return () => {
        apiBases.splice(apiBases.indexOf(api), 1);
        authBases.splice(authBases.indexOf(auth), 1);
      };
    },
  });
  return service;
}
