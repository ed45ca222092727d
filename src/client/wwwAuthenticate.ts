// `WWW-Authenticate` (RFC 9110 11.6.1) and `DPoP-Nonce` (RFC 9449 8) as a service sends them: read in one pass,
// every character looked at a bounded number of times, so a hostile header costs time in proportion to its length.

/** One challenge of a `WWW-Authenticate` value. */
export interface AuthChallenge {
  /** The auth scheme, lower-cased (schemes are case-insensitive). */
  scheme: string;
  /** The challenge's token68, when it has one instead of parameters. */
  token68?: string;
  /** Its auth-params, names lower-cased, quoted values unescaped; the first of a repeated name counts. */
  parameters: Readonly<Record<string, string>>;
}

/** Longer values are not read: Node refuses headers over 16 KB by default, and no real challenge comes close. */
export const MAX_WWW_AUTHENTICATE_LENGTH = 65_536;

/** RFC 9110 5.6.2 `tchar`, and RFC 9110 11.2's `token68` characters, as lookup tables. */
const TCHAR = charTable("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
const TOKEN68 = charTable('-._~+/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');

function charTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
}

/** The end of the run from `at` of characters in `table`. */
function runOf(text: string, at: number, table: Uint8Array): number {
  let end = at;
  while (end < text.length && table[text.charCodeAt(end)] === 1) end++;
  return end;
}

/** The end of the run from `at` of spaces and tabs (and commas, with `commas`: empty list elements, RFC 9110 5.6.1). */
function gapOf(text: string, at: number, commas = false): number {
  let end = at;
  for (let c = text[end]; c === ' ' || c === '\t' || (commas && c === ','); c = text[++end]);
  return end;
}

/** A quoted-string from `at` (at its opening quote), unescaped, and where it ends; undefined when it never closes. */
function quotedAt(text: string, at: number): { value: string; end: number } | undefined {
  let value = '';
  let from = at + 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return { value: value + text.slice(from, i), end: i + 1 };
    if (c === '\\') {
      value += text.slice(from, i);
      from = ++i;
    }
  }
  return undefined;
}

/** A token68 from `at` (with its `=` padding) when it is the whole rest of the challenge, else undefined. */
function token68At(text: string, at: number): number | undefined {
  const run = runOf(text, at, TOKEN68);
  let end = run;
  while (text[end] === '=') end++;
  if (run === at) return undefined;
  const next = gapOf(text, end);
  return next >= text.length || text[next] === ',' ? end : undefined;
}

/**
 * The challenges of a `WWW-Authenticate` value (RFC 9110 11.6.1), in order. Reading stops at the first part that does
 * not follow the grammar, keeping the challenges before it; a value over `MAX_WWW_AUTHENTICATE_LENGTH` gives none.
 * One pass: linear in the value's length.
 */
export function parseWwwAuthenticate(value: string | null | undefined): AuthChallenge[] {
  const text = value ?? '';
  const challenges: AuthChallenge[] = [];
  if (text.length > MAX_WWW_AUTHENTICATE_LENGTH) return challenges;
  // The challenge whose auth-params come next; none after a token68, which is all its challenge holds.
  let open: Record<string, string> | undefined;
  for (let at = gapOf(text, 0, true); at < text.length; at = gapOf(text, at, true)) {
    const end = runOf(text, at, TCHAR);
    if (end === at) break;
    const name = text.slice(at, end);
    const afterName = gapOf(text, end);
    if (text[afterName] === '=' && open) {
      const valueAt = gapOf(text, afterName + 1);
      const quoted = text[valueAt] === '"' ? quotedAt(text, valueAt) : undefined;
      const valueEnd = quoted ? quoted.end : runOf(text, valueAt, TCHAR);
      if (valueEnd === valueAt) break;
      const key = name.toLowerCase();
      if (!Object.hasOwn(open, key)) open[key] = quoted ? quoted.value : text.slice(valueAt, valueEnd);
      at = gapOf(text, valueEnd);
      if (at < text.length && text[at] !== ',') break;
      continue;
    }
    const parameters: Record<string, string> = Object.create(null) as Record<string, string>;
    const challenge: AuthChallenge = { scheme: name.toLowerCase(), parameters };
    challenges.push(challenge);
    open = parameters;
    at = afterName;
    // A scheme alone, or a list's next element: no token68 to look for.
    if (afterName === end || at >= text.length || text[at] === ',') continue;
    const token68End = token68At(text, at);
    if (token68End !== undefined) {
      challenge.token68 = text.slice(at, token68End);
      open = undefined;
      at = token68End;
    }
  }
  return challenges;
}

/** Longest `DPoP-Nonce` kept: a nonce is an opaque value the server chose, a few dozen characters in practice. */
export const MAX_DPOP_NONCE_LENGTH = 1024;

/** A `DPoP-Nonce` value when it is one (RFC 9449 8: 1*NQCHAR, here at most `MAX_DPOP_NONCE_LENGTH`), else undefined. */
export function dpopNonceOf(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_DPOP_NONCE_LENGTH) return undefined;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x21 || code > 0x7e || code === 0x22 || code === 0x5c) return undefined;
  }
  return value;
}

/** Whether the `DPoP` challenge itself asks for a nonce (RFC 9449 9: `DPoP error="use_dpop_nonce"`), not another. */
export function asksForDpopNonce(challenges: readonly AuthChallenge[]): boolean {
  return challenges.some((challenge) => challenge.scheme === 'dpop' && challenge.parameters.error === 'use_dpop_nonce');
}
