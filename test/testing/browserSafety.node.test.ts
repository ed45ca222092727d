import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = (name: string) => fileURLToPath(new URL(`../../src/testing/${name}`, import.meta.url));

async function bundleForBrowser(file: string) {
  return build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
    metafile: true,
  });
}

describe('pagewise/testing in a browser bundle', () => {
  it('bundles for the browser with msw included and no Node built-in imported', async () => {
    const result = await bundleForBrowser(entry('index.ts'));
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('node_modules/msw/'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('createMockHttpServer.ts'))).toBe(false);
    const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
  });

  it('keeps the node:http adapter in the separate Node entry', async () => {
    await expect(bundleForBrowser(entry('node.ts'))).rejects.toThrow(/node:http/);
  });
});
