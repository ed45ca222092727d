// The component and hook suites (unit in jsdom, and browser) with the library compiled by React Compiler, as an app that turns the compiler
// on compiles it: every module of src/ through babel-plugin-react-compiler at panicThreshold 'all_errors', so a
// component or hook the compiler would skip fails the run instead of running uncompiled. Run by `npm test` as
// `vitest run --config compat/compiler/vitest.config.ts`, apart from the root's projects.
import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vite.config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Modules that hold components and hooks, whose compiled code must use the compiler's runtime. */
const compiledModules = ['src/pagination/Pagination.tsx', 'src/hooks/listHooks.ts'].map((file) => `${root}${file}`);

/**
 * The root's projects run here, each under a name of its own. Not `browser-touch`: it measures every story's layout at
 * five widths, two themes and two pointers (700 cases, most of this lane's time), which is CSS's work, not the
 * compiler's; the compiled components' stories are still composed, played and checked with axe here by
 * `test/a11y/stories.browser.test.tsx` in `browser`.
 */
const lanes = ['unit', 'browser'];
const projects = (base.test?.projects ?? [])
  .filter((p): p is TestProjectInlineConfiguration => typeof p === 'object' && lanes.includes(p.test?.name as string))
  .map((p) => ({
    ...p,
    test: {
      ...p.test,
      name: `compiler-${p.test!.name}`,
      // The component and hook suites (.tsx): what the compiler rewrites is components and hooks; the plain modules
      // the other suites test come out of it unchanged.
      include: [p.test!.include ?? []].flat().map((glob) => glob.replace(/\.test\.\{ts,tsx\}$/, '.test.tsx')),
      setupFiles: [p.test!.setupFiles ?? []].flat().map((f) => `${root}${f}`),
    },
  }));

export default defineConfig({
  ...base,
  root,
  plugins: [
    ...(base.plugins ?? []),
    babel({
      include: new RegExp(`^${escape(root)}src/.*\\.tsx?$`),
      plugins: [['babel-plugin-react-compiler', { panicThreshold: 'all_errors' }]],
    }),
    {
      // Fails the run if the compiler did not run and the suites would silently test the library uncompiled: a
      // compiled component caches through React's compiler runtime. After Babel (which runs first, `enforce: 'pre'`).
      name: 'pagewise:expect-compiled',
      transform(code, id) {
        if (compiledModules.some((file) => id.startsWith(file)) && !code.includes('react/compiler-runtime'))
          this.error(`compat/compiler expected ${id} compiled by React Compiler`);
      },
    },
  ],
  // Vite's own cache, not the root's: the root's pre-bundles were made without the compiler's runtime.
  cacheDir: `${root}node_modules/.vite-compiler`,
  test: { ...base.test, projects },
});
