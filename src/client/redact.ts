/**
 * The redaction policy, in one place: what counts as a credential in a request (`secretsOf`), how it is cut out of
 * text (`redact`), parsed data (`parseRedacted`) and kept causes (`redactError`), URLs without their userinfo
 * (`stripUserinfo`) and their key parameters (`withoutSecretParams`), what of a URL or a parameter name a message may quote (`urlForMessage`, `nameForMessage`), what a
 * log line may say of any thrown value (`errorName`), and the mark of a value a message withholds (`NOT_SHOWN`).
 * Imports nothing: the errors build on it (their messages and causes are redacted when made), and `describeForLog`,
 * which knows the errors, lives with them.
 */

/** Said in a message in place of a value that may be a secret. */
export const NOT_SHOWN = '(not shown)';

/** The credential of an Authorization header value (what follows its scheme), trimmed as fetch sends it. */
export function credentialOf(authorization: string): string {
  return authorization.slice(authorization.indexOf(' ') + 1).trim();
}

/** Upper-case percent escapes written in lower case, as some URL writers do (`%2b` for `%2B`). */
const lowerEscapes = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

/**
 * `secret` and the forms a URL writes it in: percent-encoded (`encodeURIComponent`), form-encoded (a space as `+`),
 * each also with lower-case escapes. A service that echoes its request's URL (a `self` or `previous` link, an error's
 * detail) writes a key sent in the query encoded, not as it was given.
 */
function urlForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const form = new URLSearchParams([['', secret]]).toString().slice(1);
  // Longest first: a form that holds the given one (`%` and `2F` around it) is cut whole, not left half-redacted.
  return [encoded, form, lowerEscapes(encoded), lowerEscapes(form), secret].sort((a, b) => b.length - a.length);
}

/**
 * What an echoing service must not leak, once each and none empty, each also as a URL writes it: the credential in
 * `authorization`, the password half of a Basic pair (the user half, e.g. an account id, is no secret and may well
 * appear in data), and `extra`.
 */
export function secretsOf(authorization: string | undefined, extra: readonly string[]): string[] {
  // A key sent in a header of its own has no Authorization: its value, among `extra`, is the secret.
  // Trimmed, so an echo of a token given with a trailing newline is still found.
  const credential = authorization ? credentialOf(authorization) : '';
  const given = [credential, ...extra, credential.slice(credential.indexOf(':') + 1)].filter(Boolean);
  return [...new Set(given.flatMap(urlForms))];
}

/** `url` without any `user:password@` part, so it can go into a message. */
export function stripUserinfo(url: string): string {
  return url.replace(/\/\/[^/?#]*@/, '//');
}

/**
 * `text` (a URL, or what was given as one) as a message may quote it, or `undefined` when it must not be quoted: with
 * an "@" (a password may hold "/", "?" or "#", so no cut reliably drops it), and cut at a query or fragment, which
 * often carry a key.
 */
export function urlForMessage(text: string): string | undefined {
  return text.includes('@') ? undefined : text.replace(/[?#][^]*/, '');
}

/**
 * `url` without the query parameters named in `names` or holding one of `secrets`: a next-page URL a service wrote
 * with the client's key in it, as the client may hand it out. Unchanged (as written) when it holds none or is no URL.
 */
export function withoutSecretParams(url: string, names: readonly string[], secrets: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL (a parsePage of the app's own made it): no request follows it, as `cursor` refuses it.
    return url;
  }
  const all = [...parsed.searchParams];
  // Kept in one pass and written back once: a delete per leaked parameter rewrites the whole query each time.
  const kept = all.filter(([name, value]) => !(names.includes(name) || secrets.includes(value)));
  if (kept.length === all.length) return url;
  parsed.search = new URLSearchParams(kept).toString();
  return parsed.href;
}

/** A parameter name shaped like one, short; anything else may be a value pasted in the wrong place. */
const NAMEABLE = /^[A-Za-z][\w.-]{0,31}$/;

/** `name` quoted as a message may repeat it, or `undefined` when it does not look like a name (never echoed then). */
export function nameForMessage(name: string): string | undefined {
  return NAMEABLE.test(name) ? `\`${name}\`` : undefined;
}

/**
 * The kind of a thrown value, as a log line or an event may tell it: an error's `name`, else the value's type. Never
 * its message, which may hold anything (a Redis URL with its password, a request's headers).
 */
export function errorName(error: unknown): string {
  return (error as Error | null)?.name ?? typeof error;
}

/**
 * `text` with every occurrence of each (non-empty) secret replaced by `[redacted]`, however short: for error text
 * (status texts, error descriptions, bodies that are not JSON, causes), which a short secret must not survive either.
 */
export function redact(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) text = text.replaceAll(secret, '[redacted]');
  return text;
}

/**
 * Parses JSON `text`, then redacts the secrets of `minLength` or more characters in every string and key as parsed,
 * so also where the JSON escapes them (`\/`, `\u0041`); numbers, literals and the structure are never changed. Data
 * uses 8: words like "id" or "token" occur in ordinary rows, which redacting a short secret would corrupt; an error
 * body uses 1, as no secret may survive in an error. Throws a `SyntaxError` when `text` is not JSON. `clean` is what
 * redacts each string and key (`redact`, or one that also notes what it changed).
 */
export function parseRedacted(
  text: string,
  secrets: readonly string[],
  minLength: number,
  clean: typeof redact = redact,
): unknown {
  // V8 parses without recursion, so valid JSON of any depth parses; a reviver would recurse and overflow.
  const value: unknown = JSON.parse(text);
  const long = secrets.filter((secret) => secret.length >= minLength);
  // JSON without a backslash escapes nothing: each parsed string and key is a piece of `text` as it stands, so a
  // secret `text` does not contain is in none of them, and the walk is not needed.
  if (!long[0] || (!text.includes('\\') && !long.some((secret) => text.includes(secret)))) return value;
  // An explicit stack, not recursion: a body may nest deeper than the call stack goes. The root sits in a box, so a
  // body that is one string is redacted like any other.
  const box = [value];
  const stack: unknown[] = [box];
  while (stack.length) {
    const holder = stack.pop() as Record<string, unknown>;
    const array = Array.isArray(holder);
    for (const key of Object.keys(holder)) {
      let item = holder[key];
      if (typeof item === 'string') holder[key] = item = clean(item, long);
      else if (typeof item === 'object' && item !== null) stack.push(item);
      const cleanKey = array ? key : clean(key, long);
      if (cleanKey !== key) {
        // Moved to the redacted key (never `__proto__`: it holds "[redacted]").
        delete holder[key];
        holder[cleanKey] = item;
      }
    }
  }
  return box[0];
}

/** `parseRedacted`, also saying whether anything was redacted (when not, `text` itself is safe to pass on). */
export function parseRedactedReporting(
  text: string,
  secrets: readonly string[],
  minLength: number,
): { value: unknown; changed: boolean } {
  let changed = false;
  const value = parseRedacted(text, secrets, minLength, (piece, long) => {
    const clean = redact(piece, long);
    if (clean !== piece) changed = true;
    return clean;
  });
  return { value, changed };
}

/**
 * A copy of a thrown value that is safe to keep as a `cause`: same prototype (so `instanceof TypeError` holds),
 * name and message with the secrets redacted, causes likewise; other fields are left out, as a custom fetch's
 * error may hold the request and its headers. Non-errors become redacted strings.
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error == null ? error : redact(String(error), secrets);
  const { name, message, cause } = error;
  const copy = new Error(
    redact(message, secrets),
    cause == null ? undefined : { cause: redactError(cause, secrets, depth + 1) },
  );
  return Object.assign(Object.setPrototypeOf(copy, Object.getPrototypeOf(error)), { name });
}
