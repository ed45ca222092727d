import { invalidArgument } from '../shared/assert';
import { INSECURE_URL_MESSAGE, isSecureEnough } from '../shared/secureUrl';

// Where a credential may go, and the forms it takes on the wire: small enough to check options with up front, while
// the protocol itself (oauth4webapi and pagewise's adapter) loads at the first token request.

/** `value` (an absolute URL) refused with a `TypeError` naming `name` when it would carry a credential in clear text. */
export function assertSecureUrl(value: string, name: string, allowHttp: boolean): void {
  if (!isSecureEnough(value, allowHttp)) throw invalidArgument(name, INSECURE_URL_MESSAGE, value);
}

/** `value` as `application/x-www-form-urlencoded` encodes it (RFC 6749 2.3.1 asks this of the Basic pair's parts). */
export const formUrlEncode = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);

/** Every form a secret takes on the wire: as is, form-encoded, JSON-escaped (a provider may echo a body it could not read). */
export const secretForms = (secret: string): string[] => [
  secret,
  formUrlEncode(secret),
  JSON.stringify(secret).slice(1, -1),
];
