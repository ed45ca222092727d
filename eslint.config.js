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
    // The two rules of hooks. The plugin's React Compiler diagnostics are left out: pagewise is not compiled with
    // it, and supports React 18.3, which the compiler does not target by default.
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The library and its tests run in browsers and on Node alike; scripts and benches on Node, driving browsers.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    // A render that derives state reassigns the value half of a useState pair on purpose.
    rules: { 'prefer-const': ['error', { destructuring: 'all' }] },
  },
);
