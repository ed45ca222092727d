/**
 * Next-page links in a list body, rewritten to the proxy's path (`pagingLink`): a top-level `next` and `previous`
 * URL (Django REST Framework, Spring's cursor lists), HAL's `_links.<rel>.href`, JSON:API's `links.<rel>`, and a
 * Stripe list's `url` (the upstream's path, which becomes the proxy's). Only
 * those values change; the rest of the text is passed on byte for byte (re-serialising a page would cost more than
 * the proxy's other work and round numbers a client may need whole), and a body without them is passed on as it came.
 */
import { pagingLink, type PagingLinkContext } from './rewriteLinkHeader';
import { VerbatimJson } from './upstreamBody';

/** Top-level members whose value may hold next-page links (a Stripe list's `url` is the upstream's path). */
const LINK_MEMBERS = new Set(['next', 'previous', '_links', 'links', 'url']);

/** Relations of a links object that are pages of the list. */
const PAGE_RELATIONS = ['self', 'first', 'prev', 'previous', 'next', 'last'];

/** A cheap look before any scan: a body naming none of the members is passed on untouched. */
const MAY_LINK = /"(?:next|previous|_links|links|url)"\s*:/;

/** Where each top-level member's value of a JSON object text lies; undefined when the text is not an object. */
function topLevelMembers(text: string): Array<{ key: string; start: number; end: number }> | undefined {
  // Unrolled (runs of plain characters between escapes): one step per run, not per character.
  const string = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
  const space = /\s*/y;
  const primitive = /[^,}\]\s]*/y;
  // A whole string or a bracket per step: nested rows are stepped over token by token, never parsed.
  const token = /"[^"\\]*(?:\\.[^"\\]*)*"|[{}[\]]/g;
  let at = 0;
  const skipSpace = () => {
    space.lastIndex = at;
    space.exec(text);
    at = space.lastIndex;
  };
  const skipString = () => {
    string.lastIndex = at;
    const match = string.exec(text);
    at = string.lastIndex;
    return match?.[0];
  };
  skipSpace();
  if (text[at] !== '{') return undefined;
  at += 1;
  const members: Array<{ key: string; start: number; end: number }> = [];
  for (;;) {
    skipSpace();
    if (text[at] === '}') return members;
    const key = skipString();
    if (key === undefined) return undefined;
    skipSpace();
    at += 1; // the colon
    skipSpace();
    const start = at;
    const first = text[at];
    if (first === '"') skipString();
    else if (first === '{' || first === '[') {
      let depth = 0;
      token.lastIndex = at;
      for (let match = token.exec(text); match; match = token.exec(text)) {
        const char = match[0];
        if (char === '{' || char === '[') depth += 1;
        else if ((char === '}' || char === ']') && (depth -= 1) === 0) {
          at = match.index + 1;
          break;
        }
      }
    } else {
      primitive.lastIndex = at;
      primitive.exec(text);
      at = primitive.lastIndex;
    }
    members.push({ key: JSON.parse(key) as string, start, end: at });
    skipSpace();
    if (text[at] === ',') at += 1;
  }
}

/** A links object with its page relations rewritten (an unusable one dropped); others left as they are. */
function rewriteLinks(links: unknown, context: PagingLinkContext): unknown {
  if (typeof links !== 'object' || links === null || Array.isArray(links)) return links;
  const out: Record<string, unknown> = { ...(links as Record<string, unknown>) };
  for (const rel of PAGE_RELATIONS) {
    const value = out[rel];
    if (typeof value === 'string') {
      const link = pagingLink(value, context);
      if (link === undefined) delete out[rel];
      else out[rel] = link;
    } else if (typeof value === 'object' && value !== null && typeof (value as { href?: unknown }).href === 'string') {
      const link = pagingLink((value as { href: string }).href, context);
      if (link === undefined) delete out[rel];
      else out[rel] = { ...value, href: link };
    }
  }
  return out;
}

/** `body` with its next-page links on the proxy's path; the same object when it has none to rewrite. */
export function rewritePagingBody(body: VerbatimJson, context: PagingLinkContext): VerbatimJson {
  const { text } = body;
  if (!MAY_LINK.test(text)) return body;
  const all = topLevelMembers(text);
  const object = all?.find(({ key }) => key === 'object');
  const stripeList = object !== undefined && text.slice(object.start, object.end) === '"list"';
  const members = all?.filter(({ key }) => LINK_MEMBERS.has(key) && (key !== 'url' || stripeList));
  if (!members?.length) return body;
  let out = '';
  let from = 0;
  for (const { key, start, end } of members) {
    const value: unknown = JSON.parse(text.slice(start, end));
    let next: unknown = value;
    if (key === 'url') {
      if (typeof value === 'string') next = context.path;
    } else if (key === 'next' || key === 'previous') {
      // A link that does not page through the proxy is no link: the browser is told there is no such page. A token
      // (not a URL) is passed on: the browser sends it back as a cursor parameter.
      if (typeof value === 'string' && /^(https?:|\/|\?)/i.test(value)) next = pagingLink(value, context) ?? null;
    } else next = rewriteLinks(value, context);
    if (next === value) continue;
    out += `${text.slice(from, start)}${JSON.stringify(next)}`;
    from = end;
  }
  return from === 0 ? body : new VerbatimJson(out + text.slice(from));
}
