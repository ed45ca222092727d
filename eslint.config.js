// Lint: correctness rules only (formatting is Prettier's). typescript-eslint without type information keeps the
// run to seconds; the type-checker already runs first in `npm test`.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'storybook-static/', 'coverage/', '**/node_modules/', 'examples/*/.next/', 'examples/*/.react-router/', 'examples/*/next-env.d.ts', 'examples/*/build/', 'examples/*/dist/', 'compat/', '.artifacts/', 'public/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs['recommended-latest'],
  {
    // The library and its tests run in browsers and on Node alike; scripts and benches on Node, driving browsers.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
