import { describe, expect, it } from 'vitest';
import { entryFiles, exportedNames } from '../scripts/exports.mjs';

// The public surface, every name of every entry (values and types), held to a snapshot: a name is added or removed on
// purpose, with the snapshot updated in the same change (`vitest run --project node test/exports.node.test.ts -u`)
// and a CHANGELOG line for a removal. `node scripts/exports.mjs` counts the built package's names; the package checks
// hold the built declarations to these sources.
describe('the public surface', () => {
  const { surface, deprecated, restating } = exportedNames(entryFiles({ src: true }), { details: true });

  it('exports exactly the names of the snapshot from every entry', async () => {
    await expect(`${JSON.stringify(surface, null, 2)}\n`).toMatchFileSnapshot('./exports.snapshot.json');
  });

  it('exports no name marked @deprecated', () => {
    expect(deprecated).toEqual([]);
  });

  it('exports no type that only restates another exported type, but the seed names of its two records', () => {
    // `Share` and `Environment` are the service's own names for what it lists, each an `ApiRecord` a generic narrows.
    expect(restating).toEqual(['Environment', 'Share']);
  });

  it('names the list resource once, in pagewise/client, for the client, the hooks and the mock alike', () => {
    expect(surface['pagewise/client']?.types).toContain('ListResource');
    expect(Object.values(surface).flatMap(({ types }) => types.filter((name) => /Resource$/.test(name)))).toEqual([
      'ListResource',
    ]);
  });
});
