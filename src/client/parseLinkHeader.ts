// Read in one pass by a hand-written scanner, not a backtracking regex: a `<` without its `>`, or a quote without its
// end, would make a regex rescan the rest of the value from every one of them (quadratic in what a service sends).
// A link's `<target>` or a parameter's quoted value is read whole, so a `,` `;` `<` or `>` inside one is neither a
// boundary nor a target.

// Runs of one kind of character, each read by a sticky pattern of one character class: no backtracking.
const SPACES = /\s*/y;
const NAME = /[^\s;,=]*/y;
const VALUE = /[^\s;,]*/y;
// What a regex's `.` does not match: a backslash before one of these escapes nothing.
const LINE_END = /[\n\r\u2028\u2029]/;

/** Scanning state kept across one value, so no part of it is scanned twice. */
interface Scan {
  text: string;
  /** Whether no `>` follows the last `<` looked at: then none follows any later one. */
  noClose: boolean;
  /** A quoted value opening before this index has no end: a later one inside the same run has none either. */
  unclosedBefore: number;
}

/** The index after the run `pattern` matches at `at`. */
function runEnd(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  pattern.test(text);
  return pattern.lastIndex;
}

/** The index of the quote ending the quoted value whose opening quote is at `open`, or -1 when it has none. */
function quoteEnd(scan: Scan, open: number): number {
  const { text } = scan;
  if (open < scan.unclosedBefore) return -1;
  let at = open + 1;
  for (; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') return at;
    if (char === '\\') {
      if (at + 1 >= text.length || LINE_END.test(text[at + 1]!)) break;
      at += 1;
    }
  }
  // Every quote up to here was escaped, so a value opening at one of them stops at the same place.
  scan.unclosedBefore = at;
  return -1;
}

/** A parameter after the `;` at `at - 1`: its name, value and where it ends, or undefined when it has no name. */
function readParameter(scan: Scan, at: number): { name: string; value: string; end: number } | undefined {
  const { text } = scan;
  const nameStart = runEnd(SPACES, text, at);
  const nameEnd = runEnd(NAME, text, nameStart);
  if (nameEnd === nameStart) return undefined;
  const name = text.slice(nameStart, nameEnd);
  let end = runEnd(SPACES, text, nameEnd);
  if (text[end] !== '=') return { name, value: '', end };
  const valueStart = runEnd(SPACES, text, end + 1);
  const close = text[valueStart] === '"' ? quoteEnd(scan, valueStart) : -1;
  if (close >= 0) {
    const value = text.slice(valueStart + 1, close).replace(/\\(.)/g, '$1');
    return { name, value, end: close + 1 };
  }
  end = runEnd(VALUE, text, valueStart);
  return { name, value: text.slice(valueStart, end), end };
}

/**
 * The targets of an RFC 8288 `Link` header by relation type (lower case), as written (relative or absolute).
 * A link may name several relations (`rel="next last"`); the first link of a relation wins, and only a link's
 * first `rel` parameter counts (RFC 8288 3.3). Linear in the header's length, whatever it holds.
 */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const scan: Scan = { text: header ?? '', noClose: false, unclosedBefore: -1 };
  const { text } = scan;
  const links: Record<string, string> = {};
  let target: string | undefined;
  for (let at = 0; at < text.length;) {
    const char = text[at];
    if (char === '<' && !scan.noClose) {
      const close = text.indexOf('>', at + 1);
      if (close >= 0) {
        target = text.slice(at + 1, close);
        at = close + 1;
        continue;
      }
      scan.noClose = true;
    } else if (char === ';') {
      const parameter = readParameter(scan, at + 1);
      if (parameter) {
        if (target !== undefined && parameter.name.toLowerCase() === 'rel') {
          for (const rel of parameter.value.toLowerCase().split(/\s+/)) links[rel] ??= target;
          target = undefined;
        }
        at = parameter.end;
        continue;
      }
    }
    at += 1;
  }
  return links;
}
