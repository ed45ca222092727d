/**
 * The headers a client sends besides its credential: fixed ones a back-end needs (PostgREST's `Prefer: count=exact`)
 * and the one the organization travels in, each checked when the client is made.
 */
import { invalidArgument } from '../shared/assert';

/** An RFC 9110 field name: a `token`. */
export const FIELD_NAME = /^[!#$%&'*+.^`|~\w-]+$/;

/** A header value sent as given: visible ASCII with inner spaces, nothing a server would trim or split a line at. */
export const FIELD_VALUE = /^[!-~]([ -~]*[!-~])?$/;

/** Headers that carry a credential or that pagewise writes itself: no fixed or organization header may be one. */
const OWNED = /^(accept|(proxy-)?authorization|cookie|content-(type|length)|host|idempotency-key|if-match|dpop)$/i;

/** The client's options for the headers it adds to every list call and write. */
export interface HeaderOptions {
  headers?: Readonly<Record<string, string>> | undefined;
  organizationHeader?: string | undefined;
}

/** Throws the argument error for `argument` unless `name` is a header pagewise may add for the app. */
function assertHeaderName(argument: string, name: unknown): void {
  if (!(typeof name === 'string' && FIELD_NAME.test(name) && !OWNED.test(name)))
    throw invalidArgument(argument, 'must be a header name, not Authorization, Cookie or one pagewise sets', name);
}

/**
 * The `headers` and `organizationHeader` options checked: the argument error names the first bad one (a value is
 * never echoed: one pasted in the wrong place may be a secret).
 */
export function requestHeaders({ headers = {}, organizationHeader }: HeaderOptions): HeaderOptions {
  if (organizationHeader !== undefined) assertHeaderName('organizationHeader', organizationHeader);
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw invalidArgument('headers', 'must be a record of header names to values');
  for (const [name, value] of Object.entries(headers)) {
    assertHeaderName('headers', name);
    // fetch would join the two values into one.
    if (name.toLowerCase() === organizationHeader?.toLowerCase())
      throw invalidArgument('headers', 'must not name the organizationHeader', name);
    if (!(typeof value === 'string' && FIELD_VALUE.test(value)))
      throw invalidArgument(`headers.${name}`, 'must be visible ASCII');
  }
  return { headers: { ...headers }, organizationHeader };
}
