// A link's `<target>`, or one of its parameters: read in one pass, a quoted value whole, so a `,` `;` `<` or `>`
// inside one is neither a boundary nor a target. Linear in the header's length: a target stops at a `<` (which no
// URI reference holds), so a `<` without its `>` is read up to the next `<`, not to the end from every one; a quoted
// value that never ends is read once, as no later value can start inside it (a quote there is escaped).
const TOKEN = /<([^<>]*)>|;\s*([^\s;,=]+)\s*(?:=\s*(?:"([^"\\]*(?:\\.[^"\\]*)*)"|([^\s;,]*)))?/g;

/**
 * The targets of an RFC 8288 `Link` header by relation type (lower case), as written (relative or absolute).
 * A link may name several relations (`rel="next last"`); the first link of a relation wins, and only a link's
 * first `rel` parameter counts (RFC 8288 3.3).
 */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  let target: string | undefined;
  for (const [, link, name, quoted, token] of (header ?? '').matchAll(TOKEN)) {
    if (link !== undefined) target = link;
    else if (target !== undefined && name!.toLowerCase() === 'rel') {
      for (const rel of (quoted?.replace(/\\(.)/g, '$1') ?? token ?? '').toLowerCase().split(/\s+/))
        links[rel] ??= target;
      target = undefined;
    }
  }
  return links;
}
