// What an app's bundler keeps of the control: the prop warnings are written so that a production build drops them,
// with warnOnce and everything they format; a development build keeps them.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function bundle(mode: 'production' | 'development'): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { Pagination, usePagination } from './src/pagination/index';`,
      resolveDir: '.',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react/*', 'react-dom'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('Pagination in a production build', () => {
  it('keeps no warning: no console.warn, no message text, no warnOnce', async () => {
    const code = await bundle('production');
    expect(code).not.toMatch(/console\.warn|\[pagewise\]|instead\.|a string\)/);
  });

  it('keeps the warnings in a development build (so the check above can see them)', async () => {
    const code = await bundle('development');
    expect(code).toMatch(/console\.warn/);
    expect(code).toContain('[pagewise]');
  });
});
