// Lint: correctness rules only (formatting is Prettier's). typescript-eslint without type information keeps the
// run to seconds; the type-checker already runs first in `npm test`.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'coverage/',
      '**/node_modules/',
      'examples/*/.next/',
      'examples/*/.react-router/',
      'examples/*/next-env.d.ts',
      'examples/*/build/',
      'examples/*/dist/',
      'compat/',
      '.artifacts/',
      'public/',
      'bench/.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The rules of hooks and React Compiler's own diagnostics: the library, its stories and the example apps compile
    // with the compiler (apps turn it on; `npm test` runs the suites compiled), so what it would skip is an error.
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    // The library and its tests run in browsers and on Node alike; scripts and benches on Node, driving browsers.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    // A render that derives state reassigns the value half of a useState pair on purpose.
    rules: { 'prefer-const': ['error', { destructuring: 'all' }] },
  },
);
