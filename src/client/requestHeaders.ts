/**
 * The headers a client sends besides its credential: fixed ones a back-end needs (PostgREST's `Prefer: count=exact`)
 * and the one the organization travels in, each checked when the client is made.
 */
import { invalidArgument } from '../shared/assert';

/** An RFC 9110 field name: a `token`. */
export const FIELD_NAME = /^[!#$%&'*+.^`|~\w-]+$/;

/** A header value sent as given: visible ASCII with inner spaces, nothing a server would trim or split a line at. */
export const FIELD_VALUE = /^[!-~]([ -~]*[!-~])?$/;

/**
 * Headers that carry a credential, that pagewise writes itself, or that belong to the connection (fetch refuses or
 * drops those, so each request would fail or go without): no fixed or organization header may be one.
 */
const OWNED =
  /^(accept|(proxy-)?(authorization|connection)|cookie|content-(type|length)|host|idempotency-key|if-match|dpop|keep-alive|transfer-encoding|te|trailer|upgrade|expect)$/i;

/**
 * `name` as an argument error may quote it: only when it is a header name; anything else may be a whole header line
 * pasted in the wrong place, its secret with it.
 */
export const quotableName = (name: unknown, pattern = FIELD_NAME): [] | [unknown] =>
  typeof name === 'string' && pattern.test(name) ? [name] : [];

/** The client's options for the headers it adds to every list call and write. */
export interface HeaderOptions {
  headers?: Readonly<Record<string, string>> | undefined;
  organizationHeader?: string | undefined;
}

/** Throws the argument error for `argument` unless `name` is a header pagewise may add for the app. */
function assertHeaderName(argument: string, name: unknown): void {
  if (!(typeof name === 'string' && FIELD_NAME.test(name) && !OWNED.test(name)))
    throw invalidArgument(
      argument,
      'must be a header name, not Authorization, Cookie, a connection header or one pagewise sets',
      ...quotableName(name),
    );
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
