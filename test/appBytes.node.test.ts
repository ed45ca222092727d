import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureViteApp } from '../scripts/appBytes.mjs';

// What the example-apps step reads of a Vite app's build: a small app over a stand-in package, built by Vite as the
// examples are (minified, hidden source maps), so the test knows which bytes are the package's.
describe('what a Vite app pays for pagewise, read from its build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagewise-app-bytes-'));
  const dist = join(dir, 'node_modules', 'pagewise', 'dist');
  const assets = join(dir, 'out', 'assets');
  const stylesheet = join(dist, 'styles.css');

  beforeAll(async () => {
    mkdirSync(join(dist, 'pagination'), { recursive: true });
    mkdirSync(join(dist, 'client'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', 'pagewise', 'package.json'),
      JSON.stringify({ name: 'pagewise', type: 'module', exports: './dist/index.js' }),
    );
    writeFileSync(
      join(dist, 'index.js'),
      [
        `export { Pagination } from './pagination/Pagination.js';`,
        `export { unused } from './client/unused.js';`,
        `export const send = (x) => import('./client/write.js').then((m) => m.write(x));`,
      ].join('\n'),
    );
    writeFileSync(
      join(dist, 'pagination', 'Pagination.js'),
      `export function Pagination(p) { return ['pw-pagination', p.current, p.total].join(' ') }`,
    );
    writeFileSync(
      join(dist, 'client', 'unused.js'),
      `export function unused() { return 'never imported by the app: tree-shaken' }`,
    );
    writeFileSync(
      join(dist, 'client', 'write.js'),
      `export function write(x) { return 'sent at the first write: ' + JSON.stringify(x) }`,
    );
    writeFileSync(stylesheet, '.pw-pagination{display:flex}');
    writeFileSync(
      join(dir, 'main.js'),
      `import { Pagination, send } from 'pagewise';\ndocument.title = Pagination({ current: 1, total: 9 }) + 'the app’s own code, not counted';\nwindow.onclick = () => send({ id: 1 });\n`,
    );
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      build: { outDir: 'out', sourcemap: 'hidden', rolldownOptions: { input: join(dir, 'main.js') } },
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const measured = () => measureViteApp(assets, stylesheet);

  it('counts the modules the app loads up front, not what it never imports nor what a dynamic import loads', () => {
    expect(
      measured()
        .modules.map((m) => m.module)
        .sort(),
    ).toEqual(['index.js', 'pagination/Pagination.js']);
  });

  it('gives each module its bytes of the minified chunk, which add up to the JS counted', () => {
    const { modules, jsMin } = measured();
    expect(modules.reduce((sum, m) => sum + m.min, 0)).toBe(jsMin);
    expect(modules.every((m) => m.min > 0)).toBe(true);
  });

  it('gives the control its share, and the stylesheet as the package ships it', () => {
    const { modules, controlGzip, jsGzip, cssGzip } = measured();
    const share = modules.find((m) => m.module === 'pagination/Pagination.js')!.share;
    expect(controlGzip).toBe(Math.round(jsGzip * share));
    expect(cssGzip).toBe(gzipSync('.pw-pagination{display:flex}', { level: 9 }).length);
  });
});
