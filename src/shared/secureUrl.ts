// Where a credential may travel in clear text: this machine only. One rule for the token endpoint, discovery and the
// service a client or proxy sends its Authorization header to.

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

/** What an argument error says of a URL a credential would reach in clear text. */
export const INSECURE_URL_MESSAGE =
  'must be an https: URL: a secret, an assertion or a token goes there (http: only to localhost, 127.0.0.0/8 and ::1, or with `dangerouslyAllowInsecureHttp: true`)';
