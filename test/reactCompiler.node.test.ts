// Every component and hook of the library compiles with React Compiler, at the threshold that reports anything it
// would skip: apps that turn the compiler on get the whole library memoized, and a change that makes the compiler
// bail out fails here, in the fast suites, before the compiled lane (compat/compiler) runs the suites on it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformFileAsync } from '@babel/core';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');
/** The modules that can hold a component or a hook: JSX, or React imported. */
const modules = readdirSync(src, { recursive: true })
  .map(String)
  .filter(
    (file) =>
      file.endsWith('.tsx') || (file.endsWith('.ts') && /from 'react'/.test(readFileSync(join(src, file), 'utf8'))),
  );

/** What the compiler said about one module: the functions it compiled and every diagnostic it raised. */
async function compile(file: string) {
  const compiled: string[] = [];
  const problems: string[] = [];
  await transformFileAsync(join(src, file), {
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: [
      [
        'babel-plugin-react-compiler',
        {
          panicThreshold: 'none',
          logger: {
            logEvent(_: string, event: { kind: string; fnName?: string | null; detail?: unknown }) {
              if (event.kind === 'CompileSuccess') compiled.push(event.fnName ?? '(anonymous)');
              else if (event.kind === 'CompileError' || event.kind === 'PipelineError')
                problems.push(`${event.kind}: ${JSON.stringify(event.detail).slice(0, 400)}`);
            },
          },
        },
      ],
    ],
  });
  return { compiled, problems };
}

describe('React Compiler', () => {
  // Babel over a dozen modules: seconds, more on a busy machine.
  it('compiles every component and hook of src without a bailout', { timeout: 60_000 }, async () => {
    const results = await Promise.all(modules.map(async (file) => ({ file, ...(await compile(file)) })));
    // The one hook over a library React Compiler knows it cannot memoise (TanStack Virtual's virtualizer): skipped on
    // purpose ('use no memo'), and only for that reason; it hands out plain values, so its callers compile.
    const known = (r: { file: string; problems: string[] }) =>
      r.file === join('virtual', 'useVirtualPageRows.ts') &&
      r.problems.every((problem) => problem.includes('"category":"IncompatibleLibrary"'));
    expect(results.filter((r) => r.problems.length > 0 && !known(r)).map((r) => [r.file, r.problems])).toEqual([]);
    const compiled = results.flatMap((r) => r.compiled);
    // The public components and hooks are among them (the compiler skips what is neither).
    expect(compiled).toEqual(
      expect.arrayContaining(['Pagination', 'usePagination', 'useShares', 'useInfiniteShares', 'TablePagination']),
    );
  });
});
