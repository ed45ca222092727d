import { invalidArgument } from '../shared/assert';

// Where a credential may go, and the forms it takes on the wire: small enough to check options with up front, while
// the protocol itself (oauth4webapi and pagewise's adapter) loads at the first token request.

/** Whether `url` is this machine (RFC 6761 `localhost`, IPv4's 127.0.0.0/8, IPv6's ::1): plain HTTP never leaves it. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether a request to `url` may go as it is: https, or http to loopback or with the app's opt-in. */
export function isSecureEnough(url: string, allowHttp: boolean): boolean {
  const parsed = URL.parse(url);
  if (!parsed) return false;
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && (allowHttp || isLoopback(parsed)));
}

/** `value` (an absolute URL) refused with a `TypeError` naming `name` when it would carry a credential in clear text. */
export function assertSecureUrl(value: string, name: string, allowHttp: boolean): void {
  if (!isSecureEnough(value, allowHttp))
    throw invalidArgument(
      name,
      'must be an https: URL: a secret, an assertion or a token goes there (http: only to localhost, 127.0.0.0/8 and ::1, or with `dangerouslyAllowInsecureHttp: true`)',
      value,
    );
}

/** `value` as `application/x-www-form-urlencoded` encodes it (RFC 6749 2.3.1 asks this of the Basic pair's parts). */
export const formUrlEncode = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);

/** Every form a secret takes on the wire: as is, form-encoded, JSON-escaped (a provider may echo a body it could not read). */
export const secretForms = (secret: string): string[] => [
  secret,
  formUrlEncode(secret),
  JSON.stringify(secret).slice(1, -1),
];
