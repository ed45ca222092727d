// examples/export-shares on the PACKED package (scripts/e2e.mjs unpacks it into the example first): the script run as
// a reader runs it, against the mock service it starts, writing Acme's shares to a file with a progress line.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../examples/export-shares/export-shares.mjs', import.meta.url));
const run = promisify(execFile);

describe('examples/export-shares', () => {
  it('writes every share as CSV, a header and one line a row, telling its progress', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'export-shares-')), 'shares.csv');
    const { stderr } = await run(process.execPath, [script, '--out', out]);
    const lines = (await readFile(out, 'utf8')).split('\r\n');
    expect(lines[0]).toMatch(/^id,/);
    expect(lines).toHaveLength(1 + 437 + 1);
    expect(stderr).toContain('437 of 437 rows, 5 pages');
    expect(stderr).toContain(`Wrote ${out}`);
  });

  it('writes NDJSON with pages asked four at a time, in the list’s order', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'export-shares-')), 'shares.ndjson');
    await run(process.execPath, [script, '--format', 'ndjson', '--concurrency', '4', '--size', '50', '--out', out]);
    const names = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).name);
    expect(names).toHaveLength(437);
    expect(names).toEqual([...names].sort());
  });
});
