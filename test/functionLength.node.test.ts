// Functions a reader can hold (ARCHITECTURE.md, "Functions a reader can hold"): none in src over 100 lines, at most three over 60. A
// factory that returns closures counts with them, as it reads: its length is from its first line to its last.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(process.cwd(), 'src');
const LONGEST = 100;
const LONG = 60;
const MOST_LONG = 3;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

type Measured = { where: string; lines: number };

/** Every function, arrow, method and accessor in `file` with its length in lines, first to last. */
function functionsOf(file: string, text = readFileSync(file, 'utf8')): Measured[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const name =
        node.name?.getText(source) ??
        (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
      found.push({ where: `${relative(src, file)}:${first + 1} ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const measured = sourceFiles(src).flatMap((file) => functionsOf(file));
const describeAll = (list: Measured[]) => list.map((f) => `${f.lines} ${f.where}`);

describe('functions a reader can hold', () => {
  it(`has no function in src over ${LONGEST} lines`, () => {
    expect(describeAll(measured.filter((f) => f.lines > LONGEST))).toStrictEqual([]);
  });

  it(`has at most ${MOST_LONG} functions in src over ${LONG} lines`, () => {
    const long = measured.filter((f) => f.lines > LONG);
    expect(long.length, describeAll(long).join('\n')).toBeLessThanOrEqual(MOST_LONG);
  });

  it('measures a factory with the closures it returns, and an arrow as a function', () => {
    const body = Array.from({ length: 70 }, (_, i) => `    const v${i} = ${i};`).join('\n');
    const factory = `export function make() {\n  return () => {\n${body}\n  };\n}\nconst arrow = () => 1;\n`;
    const lengths = functionsOf(join(src, 'example.ts'), factory).map((f) => [f.where, f.lines]);
    expect(lengths).toStrictEqual([
      ['example.ts:1 make', 74],
      ['example.ts:2 (anonymous)', 72],
      ['example.ts:75 arrow', 1],
    ]);
  });
});
