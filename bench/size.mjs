// Size: min+gzip of an esbuild bundle that imports only each library's pagination control.
// Same flags for everyone (util.esbuildFlags), React external, CSS counted where the library needs it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, transform } from 'esbuild';
import { benchDir, esbuildFlags, gzipSize, reactExternal, rootDir, tmpDir } from './util.mjs';

/** Each entry: how a user imports the control, whether it has a page-size selector, and what its styling costs. */
export const sizeEntries = [
  {
    name: 'antd Pagination',
    pkg: 'antd',
    selector: 'yes (antd Select)',
    css: 'CSS-in-JS (counted in JS)',
    code: `export { Pagination } from 'antd';`,
  },
  {
    name: 'MUI Pagination',
    pkg: '@mui/material',
    selector: 'no',
    css: 'emotion (counted in JS)',
    code: `export { Pagination } from '@mui/material';`,
  },
  {
    name: 'MUI TablePagination',
    pkg: '@mui/material',
    selector: 'yes (MUI Select)',
    css: 'emotion (counted in JS)',
    code: `export { TablePagination } from '@mui/material';`,
  },
  {
    name: 'Mantine Pagination',
    pkg: '@mantine/core',
    selector: 'no',
    css: 'baseline, variables, global, UnstyledButton, Group, Pagination .css',
    // Mantine needs MantineProvider, its global styles, and the styles of the components Pagination is built on.
    code: `
      import '@mantine/core/styles/baseline.css';
      import '@mantine/core/styles/default-css-variables.css';
      import '@mantine/core/styles/global.css';
      import '@mantine/core/styles/UnstyledButton.css';
      import '@mantine/core/styles/Group.css';
      import '@mantine/core/styles/Pagination.css';
      export { MantineProvider, Pagination } from '@mantine/core';`,
  },
  {
    name: 'Ark UI Pagination',
    pkg: '@ark-ui/react',
    selector: 'no',
    css: 'none (headless: unstyled)',
    code: `export { Pagination } from '@ark-ui/react/pagination';`,
  },
  {
    name: 'rc-pagination',
    pkg: 'rc-pagination',
    selector: 'yes (render prop; bench uses a native <select>)',
    css: 'rc-pagination/assets/index.css',
    code: `import 'rc-pagination/assets/index.css'; export { default as Pagination } from 'rc-pagination';`,
  },
  {
    name: 'react-paginate',
    pkg: 'react-paginate',
    selector: 'no',
    css: 'none shipped (class names only)',
    code: `export { default as ReactPaginate } from 'react-paginate';`,
  },
];

/** pagewise rows: its peers (React, TanStack, msw) are external like React is for everyone. */
const pagewiseExternal = [...reactExternal, '@tanstack/*', 'msw', 'msw/*'];
export const pagewiseEntries = [
  {
    name: 'pagewise Pagination',
    needs: ['src/pagination/index.ts'],
    selector: 'yes (native <select>)',
    css: 'pagewise/styles.css',
    code: `import '../src/pagination/styles.css'; export { Pagination } from '../src/index';`,
  },
  {
    name: 'pagewise Pagination (JS only)',
    needs: ['src/pagination/index.ts'],
    selector: 'yes (native <select>)',
    css: '—',
    code: `export { Pagination } from '../src/index';`,
  },
  {
    name: 'pagewise/client',
    needs: ['src/client/index.ts'],
    selector: '—',
    css: '—',
    code: `export * from '../src/client/index';`,
  },
  {
    name: 'pagewise whole (., /client, /table)',
    needs: [
      'src/index.ts',
      'src/client/index.ts',
      'src/table/index.ts',
      'src/pagination/index.ts',
      'src/hooks/index.ts',
    ],
    selector: '—',
    css: 'pagewise/styles.css',
    code: `import '../src/pagination/styles.css';
      export * from '../src/index'; export * from '../src/client/index'; export * from '../src/table/index';`,
  },
];

function versionOf(pkg) {
  const file = join(benchDir, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : '?';
}

async function measure(code, external) {
  const result = await build({
    ...esbuildFlags,
    stdin: { contents: code, resolveDir: benchDir, loader: 'js', sourcefile: 'entry.js' },
    external,
    outdir: join(tmpDir, 'size'),
    write: false,
    loader: { '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty', '.svg': 'empty', '.png': 'empty' },
  });
  let js = '';
  let css = '';
  for (const f of result.outputFiles) {
    if (f.path.endsWith('.js')) js += f.text;
    else if (f.path.endsWith('.css')) css += f.text;
  }
  return { jsMin: js.length, jsGz: gzipSize(js), cssMin: css.length, cssGz: css ? gzipSize(css) : 0 };
}

/** @returns {Promise<Array<{name, version, selector, css, jsMin, jsGz, cssGz, totalGz, missing?}>>} */
export async function runSize() {
  const rows = [];
  for (const e of sizeEntries) {
    const m = await measure(e.code, reactExternal);
    rows.push({ ...e, version: versionOf(e.pkg), ...m, totalGz: m.jsGz + m.cssGz, peer: true });
  }
  const version = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).version;
  for (const e of pagewiseEntries) {
    const missing = e.needs.filter((f) => !existsSync(join(rootDir, f)));
    if (missing.length) {
      rows.push({ ...e, version, missing });
      continue;
    }
    try {
      const m = await measure(e.code, pagewiseExternal);
      rows.push({ ...e, version, ...m, totalGz: m.jsGz + m.cssGz });
    } catch (err) {
      rows.push({ ...e, version, missing: [`build failed: ${String(err.message).split('\n')[0]}`] });
    }
  }
  const cssFile = join(rootDir, 'src/pagination/styles.css');
  if (existsSync(cssFile)) {
    const css = (await transform(readFileSync(cssFile, 'utf8'), { loader: 'css', minify: true })).code;
    rows.push({
      name: 'pagewise/styles.css',
      version,
      selector: '—',
      css: 'plain CSS',
      jsMin: 0,
      jsGz: 0,
      cssMin: css.length,
      cssGz: gzipSize(css),
      totalGz: gzipSize(css),
    });
  }
  return rows;
}
