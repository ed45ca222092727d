import type * as OAuth from 'oauth4webapi';
import { AuthError } from '../client/index';
import { networkError, parseWwwAuthenticate, redact, statusLine, type AuthChallenge } from '../client/internal';
import { secretForms } from './credentialTransport';

// What pagewise asks of oauth4webapi, the protocol's engine (discovery, client authentication, the client credentials
// grant, DPoP, revocation): loading it when first needed, the one fetch every one of its requests goes through, and
// its failures told as pagewise's errors. The fetch is where pagewise's own rules meet the library's requests: the
// service's JSON token body, every credential sent noted for redaction, and a `WWW-Authenticate` handed on only after
// pagewise's linear parser has read and bounded it (the library's own parser is quadratic in the header's length).

/** oauth4webapi's exports. */
export type OAuthModule = typeof OAuth;

let loading: Promise<OAuthModule> | undefined;

/** oauth4webapi, imported at the first token request: apps that never ask for a token never load it. */
export function loadOAuth(): Promise<OAuthModule> {
  loading ??= import('oauth4webapi').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The library's option that lets a request go over http: given only where `isSecureEnough` allowed it. */
export const insecureOption = (
  oauth: OAuthModule,
  url: string,
): Pick<OAuth.DiscoveryRequestOptions, typeof OAuth.allowInsecureRequests> =>
  URL.parse(url)?.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};

/** One request through the library: what was sent (the credentials in it) and what came back. */
export interface Exchange {
  method: 'GET' | 'POST';
  url: string;
  /** Every credential the request carried, in every form it may be echoed in. */
  secrets: string[];
  /** The answer as it came, its text read once. */
  answer?: { status: number; statusText: string; text: string };
}

/** How the fetch of an exchange sends a form body: as is, or as the JSON object whose fields come in `order`. */
export interface BodyShape {
  json: boolean;
  order: readonly string[];
  /** Fields sent as a JSON array even when they hold one value. */
  arrays: readonly string[];
}

/** Notes the credentials of an outgoing request: a Basic pair, a DPoP proof, a secret, an assertion, a token. */
function noteSecrets(secrets: string[], headers: Headers, body: URLSearchParams | undefined): void {
  const basic = /^Basic (.+)$/i.exec(headers.get('authorization') ?? '')?.[1];
  if (basic) {
    const pair = atob(basic);
    const secret = decodeURIComponent(pair.slice(pair.indexOf(':') + 1).replace(/\+/g, ' '));
    secrets.push(basic, pair, ...secretForms(secret));
  }
  const proof = headers.get('dpop');
  if (proof) secrets.push(proof);
  const secret = body?.get('client_secret');
  if (secret) secrets.push(...secretForms(secret));
  for (const name of ['client_assertion', 'token']) {
    const value = body?.get(name);
    if (value) secrets.push(value);
  }
}

/** The JSON object of a form body: `order`'s fields first, in that order, each value a string or (repeated) an array. */
function jsonBody(form: URLSearchParams, shape: BodyShape): string {
  const names = [...new Set([...shape.order, ...form.keys()])];
  const entries = names.flatMap((name) => {
    const values = form.getAll(name);
    if (!values.length) return [];
    return [[name, values.length > 1 || shape.arrays.includes(name) ? values : values[0]] as const];
  });
  return JSON.stringify(Object.fromEntries(entries));
}

/** Longest `WWW-Authenticate` handed to the library: its parser costs the square of what it is given. */
export const MAX_FORWARDED_CHALLENGES_LENGTH = 1024;

/** Schemes and token68s as the library's reader takes them (every scheme in use, `Bearer`, `DPoP`, `Basic`, is one). */
const SCHEME = /^[A-Za-z0-9._~+/-]+$/;
const TOKEN68 = /^[A-Za-z0-9._~+/-]+={0,2}$/;

/**
 * `challenges` written back as a `WWW-Authenticate` value of at most `MAX_FORWARDED_CHALLENGES_LENGTH` characters,
 * leaving out those the library's reader would not take.
 */
export function boundedChallenges(challenges: readonly AuthChallenge[]): string {
  let value = '';
  for (const { scheme, token68, parameters } of challenges) {
    if (!SCHEME.test(scheme) || (token68 !== undefined && !TOKEN68.test(token68))) continue;
    const params = Object.entries(parameters).map(([name, param]) => `${name}="${param.replace(/["\\]/g, '\\$&')}"`);
    const written = token68 ? `${scheme} ${token68}` : [scheme, params.join(', ')].filter(Boolean).join(' ');
    const next = value ? `${value}, ${written}` : written;
    if (next.length > MAX_FORWARDED_CHALLENGES_LENGTH) break;
    value = next;
  }
  return value;
}

/** Statuses whose response has no body (a `Response` made with one throws). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The library's `customFetch` for `exchange`: sends with `post` (the body as JSON when `shape` says), notes every
 * credential, reads the answer's text once (kept for errors), and gives the library a copy whose `WWW-Authenticate`
 * is pagewise's bounded reading of it. A failure to send is a `NetworkError` without the request's credentials.
 */
export function exchangeFetch(
  exchange: Exchange,
  post: typeof globalThis.fetch,
  shape?: BodyShape,
): typeof globalThis.fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    exchange.url = url;
    const headers = new Headers(init?.headers);
    let body = init?.body;
    const form = body instanceof URLSearchParams ? body : undefined;
    noteSecrets(exchange.secrets, headers, form);
    if (form) {
      // The service's documented media types, without the charset parameter the library adds.
      headers.set('content-type', shape?.json ? 'application/json' : 'application/x-www-form-urlencoded');
      body = shape?.json ? jsonBody(form, shape) : form.toString();
    }
    try {
      const response = await post(url, { ...init, headers, body });
      const text = await response.text();
      const { status, statusText } = response;
      exchange.answer = { status, statusText, text };
      const copy = new Headers(response.headers);
      copy.delete('www-authenticate');
      const challenges = boundedChallenges(parseWwwAuthenticate(response.headers.get('www-authenticate')));
      if (challenges) copy.set('www-authenticate', challenges);
      return new Response(NULL_BODY.has(status) ? null : text, { status, statusText, headers: copy });
    } catch (error) {
      throw networkError(exchange.method, url, error, exchange.secrets);
    }
  };
}

/** A new exchange, its credentials starting with those known beforehand (a secret that signs but is never sent). */
export const newExchange = (method: 'GET' | 'POST', url: string, secrets: readonly string[] = []): Exchange => ({
  method,
  url,
  secrets: [...secrets],
});

/** The JSON object of the answer's text, or undefined. */
export function answerJson(exchange: Exchange): Record<string, unknown> | undefined {
  try {
    const json = JSON.parse(exchange.answer?.text ?? '') as unknown;
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `AuthError` for an exchange the library refused: the status line when the answer was not a success, else
 * `invalid` and what was wrong (`problem`, or the library's sentence, which quotes no value). The provider's
 * `error` and `error_description` and its status text lose every credential of the request, however short.
 */
export function exchangeError(exchange: Exchange, cause: unknown, invalid: string, problem?: string): Error {
  const { answer, method, url } = exchange;
  // Not sent, or not read: the library's own argument checks, or pagewise's errors from the fetch, as they are.
  if (!answer) return cause instanceof Error ? cause : new AuthError(String(cause), { method, url });
  const said = (value: unknown) => (typeof value === 'string' ? redact(value, exchange.secrets) : undefined);
  const json = answerJson(exchange);
  const statusText = said(answer.statusText);
  const init = {
    method,
    url,
    status: answer.status,
    statusText,
    error: said(json?.error),
    error_description: said(json?.error_description),
  };
  if (answer.status < 200 || answer.status > 299) return new AuthError(statusLine(answer.status, statusText), init);
  const sentence = problem ?? redact(cause instanceof Error ? cause.message : String(cause), exchange.secrets);
  return new AuthError(`returned ${invalid}: ${sentence}`, init);
}
