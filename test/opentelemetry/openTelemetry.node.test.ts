// pagewise/opentelemetry against the real OpenTelemetry SDK (in-memory exporters, the W3C propagator), over real HTTP
// on 127.0.0.1: the mock service behind a recording front, the proxy mounted as the README's Node recipe does.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  DataPointType,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type MetricData,
} from '@opentelemetry/sdk-metrics';
import { StackContextManager } from '@opentelemetry/sdk-trace';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { openTelemetry, type PagewiseTelemetry } from '../../src/opentelemetry/index';
import { clientCredentials, createProxyHandler, memoryTokenStore, type TokenStore } from '../../src/server/index';
import { createMockService } from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import { listenLocally } from '../helpers/localServer';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import type { MockService } from '../../src/testing/types';

/** What reached the service: the trace context and the credential of each request. */
interface Seen {
  method: string;
  path: string;
  traceparent: string | undefined;
  authorization: string | undefined;
}

let service: MockService;
let mock: MockHttpServer;
let front: Server;
let frontOrigin: string;
const seen: Seen[] = [];

beforeAll(async () => {
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  service = createMockService();
  mock = await createMockHttpServer(service);
  // Records what each request carried, then passes it on to the mock service unchanged.
  front = createServer(async (req, res) => {
    seen.push({
      method: req.method!,
      path: req.url!,
      traceparent: req.headers.traceparent as string | undefined,
      authorization: req.headers.authorization,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept'])
      if (req.headers[name]) headers[name] = String(req.headers[name]);
    const answer = await fetch(`${mock.url}${req.url}`, {
      method: req.method,
      headers,
      ...(chunks.length && { body: Buffer.concat(chunks) }),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
        out[name] = value;
    });
    res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  });
  frontOrigin = (await listenLocally(front)).origin;
});
afterAll(async () => {
  propagation.disable();
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await mock.close();
});

let spans: InMemorySpanExporter;
let metricExporter: InMemoryMetricExporter;
let reader: PeriodicExportingMetricReader;
let telemetry: PagewiseTelemetry;
const servers: Server[] = [];

beforeEach(() => {
  service.reset();
  seen.length = 0;
  spans = new InMemorySpanExporter();
  metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // Exported on demand (forceFlush), never on a timer.
  reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  telemetry = openTelemetry({
    tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }),
    meterProvider: new MeterProvider({ readers: [reader] }),
    basePath: '/api/pagewise',
  });
});
afterEach(async () => {
  await reader.shutdown();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const ORG = () => service.organizations[0]!.id;
const credentials = () => ({
  authUrl: `${frontOrigin}/auth`,
  clientId: service.credentials.clientId,
  clientSecret: service.credentials.clientSecret,
  audience: service.credentials.audience,
  scope: service.credentials.scope,
});

/** The proxy with the adapter wired in, served on 127.0.0.1; `arrived` is the `traceparent` of each request it got. */
async function startProxy(extra: Partial<Parameters<typeof createProxyHandler>[0]> = {}) {
  const arrived: (string | null)[] = [];
  const handler = createProxyHandler({
    baseUrl: `${frontOrigin}/api`,
    auth: clientCredentials({ ...credentials(), onEvent: telemetry.onEvent }),
    basePath: '/api/pagewise',
    allowRequest: (request) => {
      arrived.push(request.headers.get('traceparent'));
      return true;
    },
    fetch: telemetry.fetch,
    onEvent: telemetry.onEvent,
    ...extra,
  });
  const server = createServer(getRequestListener(handler));
  servers.push(server);
  return { origin: `${(await listenLocally(server)).origin}/api/pagewise`, arrived };
}

/** The last cumulative export, by metric name. */
async function exported(): Promise<Map<string, MetricData>> {
  await reader.forceFlush();
  const last = metricExporter.getMetrics().at(-1);
  return new Map(
    (last?.scopeMetrics.flatMap((scope) => scope.metrics) ?? []).map((metric) => [metric.descriptor.name, metric]),
  );
}

/** Each data point's attributes with its count (histograms) or value (counters). */
const points = (metric: MetricData | undefined) =>
  (metric?.dataPoints ?? []).map((point) => ({
    attributes: point.attributes,
    value: typeof point.value === 'number' ? point.value : (point.value as { count: number }).count,
  }));

/** Everything the SDK would export, as text: spans with their resource and scope, and metrics. */
async function everythingExported(): Promise<string> {
  await reader.forceFlush();
  const finished = spans.getFinishedSpans().map((span) => ({
    name: span.name,
    attributes: span.attributes,
    status: span.status,
    events: span.events,
    links: span.links,
    resource: span.resource.attributes,
    scope: span.instrumentationScope,
  }));
  return JSON.stringify({ finished, metrics: metricExporter.getMetrics() });
}

const HOST = '127.0.0.1';
const portOf = (origin: string) => Number(new URL(origin).port);

describe('openTelemetry with the proxy', () => {
  it("starts a client span per upstream request, with the HTTP conventions' attributes and a template for the path", async () => {
    const proxy = await startProxy();
    for (const path of ['shares', 'shares', 'environments']) {
      expect((await fetch(`${proxy.origin}/${ORG()}/${path}?page=0&size=5`)).status).toBe(200);
    }
    const finished = spans.getFinishedSpans();
    expect(finished.map((span) => span.name)).toEqual([
      'POST',
      'GET /{organizationId}/shares',
      'GET /{organizationId}/shares',
      'GET /{organizationId}/environments',
    ]);
    expect(finished.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
    expect(finished[0]!.attributes).toEqual({
      'http.request.method': 'POST',
      'server.address': HOST,
      'server.port': portOf(frontOrigin),
      'http.response.status_code': 200,
    });
    expect(finished[1]!.attributes).toEqual({
      'http.request.method': 'GET',
      'server.address': HOST,
      'server.port': portOf(frontOrigin),
      'url.template': '/{organizationId}/shares',
      'http.response.status_code': 200,
    });
    expect(finished.map((span) => span.status.code)).toEqual(Array(4).fill(SpanStatusCode.UNSET));
  });

  it('sends each upstream request the traceparent of its own span', async () => {
    const proxy = await startProxy();
    await fetch(`${proxy.origin}/${ORG()}/shares?page=0&size=5`);
    await fetch(`${proxy.origin}/${ORG()}/environments?page=1&size=5`);
    const traceparents = spans
      .getFinishedSpans()
      .map((span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    expect(seen.map((request) => request.traceparent)).toEqual(traceparents);
    expect(seen.map((request) => request.traceparent)).toEqual(
      traceparents.map(() => expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)),
    );
  });

  it('times upstream calls as http.client.request.duration and the answers as http.server.request.duration, in seconds', async () => {
    const proxy = await startProxy();
    await fetch(`${proxy.origin}/${ORG()}/shares?page=0&size=5`);
    await fetch(`${proxy.origin}/${ORG()}/shares?page=1&size=5`);
    await fetch(`${proxy.origin}/${ORG()}/shares?page=-1&size=5`);
    await fetch(`${proxy.origin}/nowhere`);
    service.fail({ status: 503 });
    await fetch(`${proxy.origin}/${ORG()}/environments?page=0&size=5`);
    const metrics = await exported();
    const client = metrics.get('http.client.request.duration')!;
    expect(client.descriptor).toMatchObject({ unit: 's' });
    expect(client.dataPointType).toBe(DataPointType.HISTOGRAM);
    const upstream = { 'server.address': HOST, 'server.port': portOf(frontOrigin) };
    expect(points(client)).toEqual(
      expect.arrayContaining([
        { attributes: { 'http.request.method': 'POST', ...upstream, 'http.response.status_code': 200 }, value: 1 },
        {
          attributes: {
            'http.request.method': 'GET',
            ...upstream,
            'url.template': '/{organizationId}/shares',
            'http.response.status_code': 200,
          },
          value: 2,
        },
        {
          attributes: {
            'http.request.method': 'GET',
            ...upstream,
            'url.template': '/{organizationId}/environments',
            'http.response.status_code': 503,
            'error.type': '503',
          },
          value: 1,
        },
      ]),
    );
    expect(points(client)).toHaveLength(3);
    const server = metrics.get('http.server.request.duration')!;
    expect(server.descriptor).toMatchObject({ unit: 's' });
    expect(server.dataPointType).toBe(DataPointType.HISTOGRAM);
    const route = (resource: string) => ({ 'http.route': `/api/pagewise/{organizationId}/${resource}` });
    expect(points(server)).toEqual(
      expect.arrayContaining([
        {
          attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200, ...route('shares') },
          value: 2,
        },
        // Refused before the route's resource is taken: the conventions' http.route is only for a matched route.
        { attributes: { 'http.request.method': 'GET', 'http.response.status_code': 400 }, value: 1 },
        { attributes: { 'http.request.method': 'GET', 'http.response.status_code': 404 }, value: 1 },
        {
          attributes: {
            'http.request.method': 'GET',
            'http.response.status_code': 503,
            ...route('environments'),
            'error.type': '503',
          },
          value: 1,
        },
      ]),
    );
    expect(points(server)).toHaveLength(4);
    // Durations are measured, not made up: every sum is a positive number of seconds.
    for (const point of [...client.dataPoints, ...server.dataPoints])
      expect((point.value as { sum: number }).sum).toBeGreaterThan(0);
  });

  it('tells a method no convention names as _OTHER, so a client cannot mint label values', async () => {
    const proxy = await startProxy();
    await fetch(`${proxy.origin}/${ORG()}/shares?page=0&size=5`, { method: 'PURGE' });
    expect(points((await exported()).get('http.server.request.duration'))).toEqual([
      { attributes: { 'http.request.method': '_OTHER', 'http.response.status_code': 405 }, value: 1 },
    ]);
  });

  it('counts a body too large and the cap reached as pagewise.proxy.events', async () => {
    const small = await startProxy({ maxBodyBytes: 16, onError: () => undefined });
    expect((await fetch(`${small.origin}/${ORG()}/shares?page=0&size=5`)).status).toBe(502);
    // The first call is held upstream until the second has been turned away: the cap is reached by order, not by time.
    const gate = createGate();
    const upstreamHolds = createGate();
    service.setLatency((request) => (request.resource === 'shares' ? (upstreamHolds.release(), gate.held) : 0));
    const capped = await startProxy({ maxConcurrent: 1, onError: () => undefined });
    const first = fetch(`${capped.origin}/${ORG()}/shares?page=0&size=5`);
    await upstreamHolds.held;
    expect((await fetch(`${capped.origin}/${ORG()}/shares?page=1&size=5`)).status).toBe(503);
    gate.release();
    expect((await first).status).toBe(200);
    const counter = (await exported()).get('pagewise.proxy.events')!;
    expect(counter.descriptor).toMatchObject({ unit: '{event}' });
    expect(counter.dataPointType).toBe(DataPointType.SUM);
    expect(points(counter)).toEqual(
      expect.arrayContaining([
        { attributes: { 'pagewise.proxy.event': 'body_too_large' }, value: 1 },
        { attributes: { 'pagewise.proxy.event': 'overloaded' }, value: 1 },
      ]),
    );
  });

  it('exports no secret, token, organization or query anywhere: spans, resources, metrics', async () => {
    const proxy = await startProxy();
    await fetch(`${proxy.origin}/${ORG()}/shares?page=0&size=5`);
    service.expireTokens(); // a 401, a renewal: a second token
    await fetch(`${proxy.origin}/${ORG()}/environments?page=0&size=5`);
    await fetch(`${proxy.origin}/${ORG()}/nope?page=0&size=5`);
    const tokens = seen.flatMap((request) =>
      request.authorization?.startsWith('Bearer ') ? [request.authorization.slice(7)] : [],
    );
    expect(new Set(tokens).size).toBe(2);
    const text = await everythingExported();
    expect(text).toContain('http.client.request.duration');
    for (const secret of [
      service.credentials.clientSecret,
      service.credentials.clientId,
      ORG(),
      'page=',
      'size=',
      'Bearer',
      'nope',
      ...tokens,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('openTelemetry in a trace already started', () => {
  // The SDK's own context manager for code that does not await: enough for fetch, which reads the active span first.
  beforeAll(() => void context.setGlobalContextManager(new StackContextManager().enable()));
  afterAll(() => context.disable());

  it('makes the upstream span a child of the active span, and the service joins that trace', async () => {
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }).getTracer('app');
    const parent = tracer.startSpan('GET /api/pagewise/{organizationId}/shares', { kind: SpanKind.SERVER });
    const call = context.with(trace.setSpan(ROOT_CONTEXT, parent), () =>
      telemetry.fetch(`${frontOrigin}/api/${ORG()}/shares?page=0&size=5`, {
        headers: { Authorization: 'Bearer none' },
      }),
    );
    expect((await call).status).toBe(401);
    parent.end();
    const upstream = spans.getFinishedSpans().find((span) => span.kind === SpanKind.CLIENT)!;
    expect(upstream.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(upstream.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(seen.map((request) => request.traceparent)).toEqual([
      `00-${parent.spanContext().traceId}-${upstream.spanContext().spanId}-01`,
    ]);
    expect(upstream.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(upstream.attributes).toMatchObject({ 'http.response.status_code': 401, 'error.type': '401' });
  });
});

describe('openTelemetry on the token source', () => {
  /** A token source with the adapter's onEvent, asked through a server-side client. */
  const source = (extra: Partial<Parameters<typeof clientCredentials>[0]> = {}) => {
    const auth = clientCredentials({ ...credentials(), onEvent: telemetry.onEvent, ...extra } as Parameters<
      typeof clientCredentials
    >[0]);
    return createApiClient({ baseUrl: `${frontOrigin}/api`, auth, fetch: telemetry.fetch });
  };
  const list = (client: ReturnType<typeof source>) => client.listShares({ organizationId: ORG(), page: 1, size: 5 });
  const tokenCounts = async () => points((await exported()).get('pagewise.token.events'));

  it('counts tokens fetched, cache hits and tokens shared from the store', async () => {
    const store = memoryTokenStore();
    const first = source({ tokenStore: store });
    await list(first);
    await list(first);
    await list(source({ tokenStore: store }));
    const metric = (await exported()).get('pagewise.token.events')!;
    expect(metric.descriptor).toMatchObject({ unit: '{event}' });
    expect(metric.dataPointType).toBe(DataPointType.SUM);
    // A token taken from the store is also a token fetched (into this process's cache): `shared` tells them apart.
    expect(await tokenCounts()).toEqual([
      { attributes: { 'pagewise.token.event': 'fetched' }, value: 2 },
      { attributes: { 'pagewise.token.event': 'cache_hit' }, value: 1 },
      { attributes: { 'pagewise.token.event': 'shared' }, value: 1 },
    ]);
    expect(service.tokenRequests).toBe(1);
  });

  it('counts a refusal with its status, then a call failed at once while backing off', async () => {
    const client = source({ clientSecret: 'wrong-secret-7d1e4a' });
    await expect(list(client)).rejects.toMatchObject({ name: 'AuthError' });
    await expect(list(client)).rejects.toMatchObject({ name: 'AuthError' });
    expect(await tokenCounts()).toEqual([
      { attributes: { 'pagewise.token.event': 'refused', 'http.response.status_code': 401 }, value: 1 },
      { attributes: { 'pagewise.token.event': 'backing_off' }, value: 1 },
    ]);
    expect(await everythingExported()).not.toContain('wrong-secret-7d1e4a');
  });

  it('counts a store that fails as a fallback, naming only the kind of error', async () => {
    const broken: TokenStore = {
      get: () =>
        Promise.reject(
          Object.assign(new Error('redis://user:pw-3b9f@cache:6379 refused'), { name: 'ConnectionError' }),
        ),
      set: () => Promise.resolve(),
      lock: () => Promise.resolve(true),
      unlock: () => Promise.resolve(),
      deleteIfEqual: () => Promise.resolve(),
    };
    await list(source({ tokenStore: broken, onTokenStoreError: () => undefined }));
    expect(await tokenCounts()).toEqual(
      expect.arrayContaining([
        { attributes: { 'pagewise.token.event': 'store_fallback', 'error.type': 'ConnectionError' }, value: 1 },
      ]),
    );
    expect(await everythingExported()).not.toContain('pw-3b9f');
  });
});

describe('openTelemetry in a browser-side client', () => {
  it('sends traceparent to the proxy, and times the call with a template for its path', async () => {
    const proxy = await startProxy();
    const client = createApiClient({ baseUrl: proxy.origin, fetch: telemetry.fetch, onEvent: telemetry.onEvent });
    await client.listShares({ organizationId: ORG(), page: 1, size: 5 });
    const browserSpan = spans
      .getFinishedSpans()
      .find((span) => span.attributes['server.port'] === portOf(proxy.origin))!;
    expect(browserSpan.name).toBe('GET /{organizationId}/shares');
    expect(proxy.arrived).toEqual([`00-${browserSpan.spanContext().traceId}-${browserSpan.spanContext().spanId}-01`]);
  });

  it('names a write span by its method and path template, never the row id', async () => {
    const client = createApiClient({
      baseUrl: `${frontOrigin}/api`,
      auth: clientCredentials(credentials()),
      fetch: telemetry.fetch,
      onEvent: telemetry.onEvent,
    });
    const created = await client.create('shares', { organizationId: ORG(), body: { name: 'traced' } });
    await client.delete('shares', { organizationId: ORG(), id: created.id });
    const names = spans.getFinishedSpans().map((span) => span.name);
    expect(names.slice(-2)).toEqual(['POST /{organizationId}/shares', 'DELETE /{organizationId}/shares/{id}']);
    expect(await everythingExported()).not.toContain(created.id);
  });

  it("ends the span as an error, with only the error's name, when no answer comes", async () => {
    const closed = createServer();
    const { origin } = await listenLocally(closed);
    await new Promise((resolve) => closed.close(resolve));
    const client = createApiClient({ baseUrl: `${origin}/api`, fetch: telemetry.fetch });
    await expect(client.listShares({ organizationId: ORG(), page: 1, size: 5 })).rejects.toMatchObject({
      name: 'NetworkError',
    });
    const [span] = spans.getFinishedSpans();
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span!.attributes['error.type']).toBe('TypeError');
    expect(points((await exported()).get('http.client.request.duration'))).toEqual([
      {
        attributes: {
          'http.request.method': 'GET',
          'server.address': HOST,
          'server.port': portOf(origin),
          'url.template': '/{organizationId}/shares',
          'error.type': 'TypeError',
        },
        value: 1,
      },
    ]);
  });
});

describe('openTelemetry options', () => {
  it.each([
    ['tracerProvider', { tracerProvider: {} }],
    ['meterProvider', { meterProvider: 'global' }],
    ['fetch', { fetch: 'fetch' }],
    ['basePath', { basePath: 'api' }],
  ])('rejects an unusable %s with a TypeError naming it', (name, options) => {
    expect(() => openTelemetry(options as never)).toThrow(new RegExp(`\`${name}\``));
    expect(() => openTelemetry(options as never)).toThrow(TypeError);
    expect(() => openTelemetry(options as never)).toThrow(
      expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: name }),
    );
  });

  it('ignores a meter or a tracer that throws: the calls they observe go on', async () => {
    const broken = () => {
      throw new Error('exporter down');
    };
    const instrument = { add: broken, record: broken };
    const throwingMeter = openTelemetry({
      meterProvider: {
        getMeter: () => ({ createHistogram: () => instrument, createCounter: () => instrument }),
      } as never,
    });
    expect(() => throwingMeter.onEvent({ type: 'token-cache-hit' })).not.toThrow();
    expect(() =>
      throwingMeter.onEvent({ type: 'proxy-response', method: 'GET', status: 200, durationMs: 3, resource: 'shares' }),
    ).not.toThrow();
    const throwingTracer = openTelemetry({ tracerProvider: { getTracer: () => ({ startSpan: broken }) } as never });
    for (const { fetch } of [throwingMeter, throwingTracer]) {
      const client = createApiClient({ baseUrl: `${frontOrigin}/api`, auth: clientCredentials(credentials()), fetch });
      await expect(client.listShares({ organizationId: ORG(), page: 1, size: 5 })).resolves.toMatchObject({
        items: expect.any(Array),
      });
    }
  });
});
