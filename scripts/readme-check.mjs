// Type-checks every ts/tsx code block of README.md, of the docs site's reference pages (stories/docs/reference/,
// the README's long sections) and of the guides whose examples are code blocks rather than example files as an app would write it ('pagewise' and its subpaths mapped to the sources, like the
// docs' examples). README blocks are fragments: names they use without defining (`client`, `organizationId`, a
// component from the block before) are declared `any` first (as a value and a type), so what is checked is every use
// of pagewise's API — a renamed option, a wrong import, a wrong type — not the fragment's context. Part of
// scripts/typecheck.mjs; run alone, it checks the blocks only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCompiler, diagnosticsOf, lineOf, messageOf, readConfig } from './compiler.mjs';
import { root } from './pack.mjs';

// "Cannot find name 'x'", "… Did you mean …", "No value exists in scope for the shorthand property 'x'".
const UNDEFINED = new Set([2304, 2552, 18004]);

/**
 * Guides whose code blocks are the example (the others show example files, type-checked as files): another back-end's
 * options, routes and auth strategies; cursors; credentials; work across pages; changes from elsewhere; the reader's
 * place; the data hooks; tables; observability; testing.
 */
const GUIDES = [
  'YourBackEnd.mdx',
  'CursorPaging.mdx',
  'Authentication.mdx',
  'AcrossPages.mdx',
  'ChangingRows.mdx',
  'ReadersPlace.mdx',
  'DataHooks.mdx',
  'Tables.mdx',
  'Observability.mdx',
  'Testing.mdx',
];

/** Checks the blocks with `compiler`; returns the error count. */
export function checkCodeBlocks(compiler) {
  const sources = [
    'README.md',
    ...readdirSync(join(root, 'stories/docs/reference')).map((f) => `stories/docs/reference/${f}`),
    ...GUIDES.map((f) => `stories/docs/${f}`),
  ];
  const blocks = sources.flatMap((source) => {
    const text = readFileSync(join(root, source), 'utf8');
    return [...text.matchAll(/^ *```(tsx?)\n([\s\S]*?)^ *```/gm)].map((m) => ({
      source,
      code: m[2],
      line: text.slice(0, m.index).split('\n').length + 1,
      // Held in memory where a file of the repository would be, so imports resolve from the repository's node_modules.
      path: join(
        root,
        '.artifacts',
        'readme',
        `block${String(m.index).padStart(6, '0')}${source.replace(/\W/g, '_')}.${m[1]}`,
      ),
      declared: new Set(),
    }));
  });
  // The docs' examples' options (their `paths` map 'pagewise' to src/), loosened for fragments.
  const options = {
    ...readConfig(join(root, 'stories/docs/examples/tsconfig.json')).options,
    noEmit: true,
    noUnusedLocals: false,
    noUnusedParameters: false,
    noImplicitAny: false,
  };
  const errorsOf = () => {
    // One line of declarations, so a reported line maps to the block's as `line - 1`.
    const files = new Map(
      blocks.map((b) => [
        b.path,
        `export {};${[...b.declared].map((n) => ` declare const ${n}: any; type ${n}<A = any, B = any> = any;`).join('')}\n${b.code}`,
      ]),
    );
    const built = compiler.program(options, [...files.keys()], files);
    const byPath = new Map(blocks.map((b) => [b.path, b]));
    return diagnosticsOf(
      built,
      blocks.map((b) => built.getSourceFile(b.path)),
    ).map((d) => ({ block: byPath.get(d.file?.fileName), line: lineOf(d) ?? 1, code: d.code, message: messageOf(d) }));
  };

  for (const error of errorsOf().filter((e) => e.block && UNDEFINED.has(e.code))) {
    const name = /'([^']+)'/.exec(error.message)?.[1];
    if (name) error.block.declared.add(name);
  }
  const errors = errorsOf();
  for (const { block, line, code, message } of errors) {
    const where = block ? `${block.source}:${block.line + line - 2}` : 'code blocks';
    console.error(`${where}: TS${code} ${message}`);
  }
  if (errors.length > 0)
    console.error(`✖ ${errors.length} type error(s) in the code blocks of README, the reference pages and the guides`);
  else
    console.log(
      `✔ README, ${sources.length - 1 - GUIDES.length} reference pages and ${GUIDES.length} guides: ${blocks.length} code blocks type-check against pagewise's API`,
    );
  return errors.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href && checkCodeBlocks(createCompiler()) > 0) process.exit(1);
