import {
  context,
  metrics,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Counter,
  type Histogram,
  type MeterProvider,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { assertBasePath, assertFunction, invalidArgument } from '../shared/assert';
import { isUuid, LIST_PATH, ROW_PATH } from '../shared/listEndpoints';
import type { ClientEvent, ProxyEvent, TokenEvent } from '../shared/events';

/** Options of `openTelemetry`. */
export interface OpenTelemetryOptions {
  /** Where the upstream spans go. @default the global tracer provider (`trace.getTracerProvider()`) */
  tracerProvider?: TracerProvider;
  /** Where the metrics go. @default the global meter provider (`metrics.getMeterProvider()`) */
  meterProvider?: MeterProvider;
  /** The fetch that the traced `fetch` calls. @default globalThis.fetch, looked up at each call */
  fetch?: typeof globalThis.fetch;
  /** The proxy's `basePath`, the start of the server metric's `http.route`. @default '' */
  basePath?: string;
}

/** What `openTelemetry` returns: pass both to `createProxyHandler`, `onEvent` to the token source too. */
export interface PagewiseTelemetry {
  /** Turns token, proxy and client events into metrics; never throws. */
  onEvent: (event: TokenEvent | ProxyEvent | ClientEvent) => void;
  /** A fetch with a client span and a duration per request, and `traceparent` sent along. */
  fetch: typeof globalThis.fetch;
}

/** The methods the HTTP conventions name; any other becomes `_OTHER`, so a client cannot mint label values. */
const METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** The HTTP conventions' buckets for request durations, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * `/{organizationId}/{resource}` for a list call's path (the id a UUID), `/{organizationId}/{resource}/{id}` for a
 * write to a row, else undefined (a token endpoint, say): only the template is told, never an id.
 */
function templateOf(pathname: string): string | undefined {
  const match = LIST_PATH.exec(pathname);
  if (match && isUuid(match[1])) return `/{organizationId}/${match[2]}`;
  const row = ROW_PATH.exec(pathname);
  return row && isUuid(row[1]) ? `/{organizationId}/${row[2]}/{id}` : undefined;
}

/** Token events by the name their counter tells; a refusal (wrong secret) apart from an outage. */
const TOKEN_EVENT: Record<Exclude<TokenEvent['type'], 'token-failed'>, string> = {
  'token-fetched': 'fetched',
  'token-cache-hit': 'cache_hit',
  'token-shared': 'shared',
  'token-store-fallback': 'store_fallback',
  'token-backing-off': 'backing_off',
  'token-rejected': 'rejected',
  'token-reset': 'reset',
  'token-revoked': 'revoked',
  'token-revoke-failed': 'revoke_failed',
};

const PROXY_EVENT: Partial<Record<ProxyEvent['type'], string>> = {
  'proxy-overloaded': 'overloaded',
  'proxy-body-too-large': 'body_too_large',
  'proxy-client-gone': 'client_gone',
};

const methodOf = (method: string) => (METHODS.has(method.toUpperCase()) ? method.toUpperCase() : '_OTHER');

/** The instruments pagewise records to. */
interface Instruments {
  tracer: Tracer;
  clientDuration: Histogram;
  serverDuration: Histogram;
  tokenEvents: Counter;
  proxyEvents: Counter;
  /** The proxy's `basePath` without a trailing slash, the start of `http.route`. */
  route: string;
}

/**
 * pagewise in OpenTelemetry, by the HTTP semantic conventions: `onEvent` counts the token source's work
 * (`pagewise.token.events`), the proxy's refusals (`pagewise.proxy.events`) and times its answers
 * (`http.server.request.duration`); `fetch` starts a client span per request, times it
 * (`http.client.request.duration`) and injects the trace context (`traceparent`) with the global propagator.
 * No attribute holds a URL, a query, an organization, a header or a body: paths are told as templates.
 * @throws {TypeError} naming the option, when a provider, `fetch` or `basePath` is unusable.
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): PagewiseTelemetry {
  const instruments = instrumentsOf(options);
  return {
    onEvent: (event) => {
      try {
        recordEvent(instruments, event);
      } catch {
        // A meter that throws must not fail the call it observes.
      }
    },
    fetch: (input, init) => tracedFetch(instruments, options.fetch ?? globalThis.fetch, input, init),
  };
}

/** The options checked, and the tracer and instruments made from them. */
function instrumentsOf(options: OpenTelemetryOptions): Instruments {
  const {
    tracerProvider = trace.getTracerProvider(),
    meterProvider = metrics.getMeterProvider(),
    basePath = '',
  } = options;
  if (typeof tracerProvider?.getTracer !== 'function')
    throw invalidArgument('tracerProvider', 'must be a TracerProvider');
  if (typeof meterProvider?.getMeter !== 'function') throw invalidArgument('meterProvider', 'must be a MeterProvider');
  if (options.fetch !== undefined) assertFunction('fetch', options.fetch);
  assertBasePath('basePath', basePath);
  const meter = meterProvider.getMeter('pagewise');
  const advice = { explicitBucketBoundaries: DURATION_BUCKETS };
  return {
    tracer: tracerProvider.getTracer('pagewise'),
    clientDuration: meter.createHistogram('http.client.request.duration', {
      unit: 's',
      description: 'Duration of HTTP client requests, to the response headers.',
      advice,
    }),
    serverDuration: meter.createHistogram('http.server.request.duration', {
      unit: 's',
      description: "Duration of the proxy's answers.",
      advice,
    }),
    tokenEvents: meter.createCounter('pagewise.token.events', {
      unit: '{event}',
      description:
        'What the token source did: fetched, cache_hit, shared, store_fallback, refused, failed, backing_off, rejected, reset, revoked, revoke_failed.',
    }),
    proxyEvents: meter.createCounter('pagewise.proxy.events', {
      unit: '{event}',
      description: 'Proxy requests answered without the service: overloaded, body_too_large, client_gone.',
    }),
    route: basePath.replace(/\/+$/, ''),
  };
}

/** Records what `event` tells: a token or proxy event counted, a proxy answer timed. */
function recordEvent(instruments: Instruments, event: TokenEvent | ProxyEvent | ClientEvent): void {
  const { tokenEvents, proxyEvents, serverDuration, route } = instruments;
  if (event.type === 'token-failed') {
    tokenEvents.add(1, {
      'pagewise.token.event': event.refusal ? 'refused' : 'failed',
      ...(event.status !== undefined && { 'http.response.status_code': event.status }),
    });
  } else if (event.type in TOKEN_EVENT) {
    const attributes: Attributes = { 'pagewise.token.event': TOKEN_EVENT[event.type as keyof typeof TOKEN_EVENT] };
    if (event.type === 'token-store-fallback' || event.type === 'token-revoke-failed')
      attributes['error.type'] = event.errorName;
    tokenEvents.add(1, attributes);
  } else if (event.type === 'proxy-response') {
    const attributes: Attributes = {
      'http.request.method': methodOf(event.method),
      'http.response.status_code': event.status,
    };
    if (event.resource) attributes['http.route'] = `${route}/{organizationId}/${event.resource}`;
    if (event.status >= 500) attributes['error.type'] = String(event.status);
    serverDuration.record(event.durationMs / 1000, attributes);
  } else if (PROXY_EVENT[event.type as ProxyEvent['type']]) {
    proxyEvents.add(1, { 'pagewise.proxy.event': PROXY_EVENT[event.type as ProxyEvent['type']]! });
  }
  // The client's and the proxy's upstream answers are timed by `fetch`, which also sees the server's address and
  // the requests that got no answer: counting them here too would count them twice.
}

/** Starts the client span of a request and puts its trace context in the headers; `end` records the outcome. */
function beginClientSpan(
  { tracer, clientDuration }: Instruments,
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
) {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input), globalThis.location?.href);
  const method = methodOf(init?.method ?? request?.method ?? 'GET');
  const template = templateOf(url.pathname);
  const attributes: Attributes = {
    'http.request.method': method,
    'server.address': url.hostname,
    'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
  if (template) attributes['url.template'] = template;
  const span = tracer.startSpan(
    template ? `${method} ${template}` : method,
    { kind: SpanKind.CLIENT, attributes },
    context.active(),
  );
  const headers = new Headers(init?.headers ?? request?.headers);
  propagation.inject(trace.setSpan(context.active(), span), headers, {
    set: (carrier, key, value) => carrier.set(key, value),
  });
  const started = performance.now();
  const end = (outcome: Attributes) => {
    Object.assign(attributes, outcome);
    clientDuration.record((performance.now() - started) / 1000, attributes);
    span.setAttributes(outcome);
    // Only the kind of failure: an error's message may hold the URL, and with it the organization.
    if (outcome['error.type'] !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  return { init: { ...init, headers }, end };
}

/** `fetch` of `input` in a client span, timed; telemetry that fails (a tracer, propagator or meter that throws) never fails it. */
async function tracedFetch(
  instruments: Instruments,
  fetch: typeof globalThis.fetch,
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
): Promise<Response> {
  let traced: ReturnType<typeof beginClientSpan> | undefined;
  try {
    traced = beginClientSpan(instruments, input, init);
  } catch {
    return fetch(input, init);
  }
  const end = (outcome: Attributes) => {
    try {
      traced.end(outcome);
    } catch {
      // See above.
    }
  };
  try {
    const response = await fetch(input, traced.init);
    end({
      'http.response.status_code': response.status,
      ...(response.status >= 400 && { 'error.type': String(response.status) }),
    });
    return response;
  } catch (error) {
    end({ 'error.type': error instanceof Error ? error.name : '_OTHER' });
    throw error;
  }
}
