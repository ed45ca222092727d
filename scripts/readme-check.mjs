// Type-checks every ts/tsx code block of README.md and of the docs site's reference pages (stories/docs/reference/,
// the README's long sections) as an app would write it ('pagewise' and its subpaths mapped to
// the sources, like the docs' examples). README blocks are fragments: names they use without defining (`client`,
// `organizationId`, a component from the block before) are declared `any` first (as a value and a type), so what is checked is every use of
// pagewise's API — a renamed option, a wrong import, a wrong type — not the fragment's context.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './pack.mjs';

const dir = join(root, '.artifacts', 'readme');
const sources = [
  'README.md',
  ...readdirSync(join(root, 'stories/docs/reference')).map((f) => `stories/docs/reference/${f}`),
];
const blocks = sources.flatMap((source) => {
  const text = readFileSync(join(root, source), 'utf8');
  return [...text.matchAll(/^ *```(tsx?)\n([\s\S]*?)^ *```/gm)].map((m) => ({
    source,
    lang: m[1],
    code: m[2],
    line: text.slice(0, m.index).split('\n').length + 1,
  }));
});

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    extends: '../../tsconfig.json',
    compilerOptions: {
      paths: { pagewise: ['../../src/index.ts'], 'pagewise/*': ['../../src/*/index.ts'] },
      noUnusedLocals: false,
      noUnusedParameters: false,
      noImplicitAny: false,
    },
    include: ['.'],
    exclude: [],
  }),
);

const fileOf = (index) => `block${String(index).padStart(3, '0')}.${blocks[index].lang}`;
function write(declared) {
  blocks.forEach((block, index) => {
    const names = [...(declared.get(fileOf(index)) ?? [])];
    // One line of declarations, so the reported line maps to README's as `line - 2`.
    const prelude = `export {};${names.map((name) => ` declare const ${name}: any; type ${name}<A = any, B = any> = any;`).join('')}\n`;
    writeFileSync(join(dir, fileOf(index)), `${prelude}${block.code}`);
  });
}
function check() {
  const result = spawnSync('npx', ['tsc', '-p', join(dir, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...result.stdout.matchAll(/^\.artifacts\/readme\/(\S+?)\((\d+),\d+\): error (TS\d+): (.*)$/gm)].map((m) => ({
    file: m[1],
    line: Number(m[2]),
    code: m[3],
    message: m[4],
  }));
}

// "Cannot find name 'x'", "… Did you mean …", "No value exists in scope for the shorthand property 'x'".
const UNDEFINED = new Set(['TS2304', 'TS2552', 'TS18004']);
const declared = new Map();
write(declared);
let errors = check();
for (const error of errors.filter((e) => UNDEFINED.has(e.code))) {
  const name = /'([^']+)'/.exec(error.message)?.[1];
  if (name) declared.set(error.file, new Set([...(declared.get(error.file) ?? []), name]));
}
write(declared);
errors = check();
if (errors.length > 0) {
  for (const error of errors) {
    const index = Number(/\d+/.exec(error.file)[0]);
    console.error(`${blocks[index].source}:${blocks[index].line + error.line - 2}: ${error.code} ${error.message}`);
  }
  console.error(`✖ ${errors.length} type error(s) in the code blocks of README and the reference pages`);
  process.exit(1);
}
console.log(
  `✔ README and ${sources.length - 1} reference pages: ${blocks.length} code blocks type-check against pagewise's API`,
);
