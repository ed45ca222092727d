// Hostile input: how each parser of what a service or a browser sends grows with its input. Every case is timed on a
// hostile input of 4 KB and of 64 KB, interleaved in the same run, and the figure is the ratio of the medians: a
// linear parser gives about 16 (64 ÷ 4), a quadratic one about 256. Cases come from every bench/hostile/*.mjs file.
//
// Alone: `node bench/hostile.mjs` prints the section; `--before <checkout>` adds the same cases run on another
// checkout's sources (e.g. the main branch) beside them; `--only <text>` keeps the cases whose name has it;
// `--write` puts the section into BENCHMARKS.md. A case's `load(root)` is given the checkout to load its parser from.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchDir, median, mdTable, rootDir } from './util.mjs';

const SMALL = 4 * 1024;
const LARGE = 64 * 1024;
const ROUNDS = 7;
/** A case whose samples have taken this long stops at the rounds it has: a quadratic parser takes seconds per call. */
const CASE_BUDGET_MS = 30_000;
/** Calls per sample at 4 KB are raised until a sample takes this long, so the timer's resolution is no factor. */
const MIN_SAMPLE_MS = 50;

/** Every case of bench/hostile/*.mjs, in file and then listed order. */
async function loadCases(only) {
  const dir = join(benchDir, 'hostile');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.mjs'))
    .sort();
  const cases = [];
  for (const file of files) {
    const { default: list } = await import(pathToFileURL(join(dir, file)).href);
    for (const one of list) if (!only || one.name.includes(only)) cases.push({ ...one, file });
  }
  return cases;
}

/** Milliseconds per call of `run` on `input`, over `calls` calls (awaited when it answers a promise). */
async function perCall(run, input, calls) {
  const start = performance.now();
  for (let i = 0; i < calls; i += 1) {
    const result = run(input);
    if (result && typeof result.then === 'function') await result;
  }
  return (performance.now() - start) / calls;
}

/** One case timed at both sizes with the sources of `root`: medians per call and their ratio. */
async function timeCase(one, root) {
  const run = await one.load(root);
  const small = one.hostile(SMALL);
  const large = one.hostile(LARGE);
  // Warm up, and find how many calls make a 4 KB sample long enough to read.
  let calls = 1;
  while ((await perCall(run, small, calls)) * calls < MIN_SAMPLE_MS && calls < 1 << 20) calls *= 2;
  const largeCalls = Math.max(1, Math.round(calls / 16));
  const smalls = [];
  const larges = [];
  const started = performance.now();
  for (let round = 0; round < ROUNDS && (round < 1 || performance.now() - started < CASE_BUDGET_MS); round += 1) {
    smalls.push(await perCall(run, small, calls));
    larges.push(await perCall(run, large, largeCalls));
  }
  const smallMs = median(smalls);
  const largeMs = median(larges);
  return { smallMs, largeMs, ratio: largeMs / smallMs, rounds: smalls.length };
}

/** Every case on these sources, and on `before`'s when given. */
export async function runHostile({ log = () => undefined, before, only } = {}) {
  const cases = await loadCases(only);
  const results = [];
  for (const one of cases) {
    log(`  ${one.name}`);
    const now = await timeCase(one, rootDir).catch((error) => ({ error: String(error.message).split('\n')[0] }));
    const then = before
      ? await timeCase(one, before).catch((error) => ({ error: String(error.message).split('\n')[0] }))
      : undefined;
    results.push({ name: one.name, file: one.file, now, ...(then ? { before: then } : {}) });
  }
  return { small: SMALL, large: LARGE, rounds: ROUNDS, results, ...(before ? { beforeRoot: before } : {}) };
}

/** Milliseconds per call as microseconds, three significant digits. */
const us = (ms) => {
  const value = ms * 1000;
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
};
const ratio = (figures) => (figures?.error ? 'failed' : `${figures.ratio.toFixed(1)}×`);

/** The BENCHMARKS.md section. */
export function hostileSection(hostile) {
  if (!hostile || hostile.error) return `## Hostile input\n\nNot measured: ${hostile?.error ?? 'no run'}.\n`;
  const withBefore = hostile.results.some((result) => result.before);
  const headers = ['Parser: hostile shape', '4 KB (µs)', '64 KB (µs)', '64 KB ÷ 4 KB'];
  if (withBefore) headers.push('before: 64 KB (µs)', 'before: 64 KB ÷ 4 KB');
  const rows = hostile.results.map(({ name, now, before }) => {
    const row = [name, now.error ? '—' : us(now.smallMs), now.error ? '—' : us(now.largeMs), ratio(now)];
    if (withBefore) row.push(before && !before.error ? us(before.largeMs) : '—', before ? ratio(before) : '—');
    return row;
  });
  return [
    '## Hostile input',
    '',
    'Each parser of what a service or a browser sends, on a hostile input of 4 KB and of 64 KB (bench/hostile.mjs, ' +
      `cases from bench/hostile/*.mjs; medians of up to ${hostile.rounds} interleaved rounds, per call). Linear time ` +
      'gives a ratio near 16; quadratic, near 256. Well under 16, a fixed cost per call (making a `Response`, a ' +
      '`URL`) outweighs the input; inputs a parser caps (a `Link` over 8 KB at the proxy, a `Retry-After` date over ' +
      '64 characters) are refused at the cap, in constant time.' +
      (withBefore ? ' "before" is the same case on the sources before linear parsing.' : ''),
    '',
    mdTable(headers, rows),
    '',
  ].join('\n');
}

/** BENCHMARKS.md with its hostile-input section replaced by `section`, or added at the end. */
function withSection(markdown, section) {
  const start = markdown.indexOf('## Hostile input');
  if (start < 0) return `${markdown.trimEnd()}\n\n${section}`;
  const next = markdown.indexOf('\n## ', start + 1);
  return `${markdown.slice(0, start)}${section}${next < 0 ? '' : markdown.slice(next + 1)}`;
}

/** Puts the section of `hostile` into BENCHMARKS.md, in place of the one there (or at the end). */
export function writeHostileSection(hostile) {
  const file = join(rootDir, 'BENCHMARKS.md');
  const section = hostileSection(hostile);
  writeFileSync(file, withSection(readFileSync(file, 'utf8'), section));
  console.log(`\n${section}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--before');
  const before = at >= 0 ? args[at + 1] : undefined;
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  if (before && !existsSync(join(before, 'src'))) throw new Error(`--before: no src/ in ${before}`);
  const hostile = await runHostile({ log: console.log, before, only });
  if (args.includes('--write')) writeHostileSection(hostile);
  else console.log(`\n${hostileSection(hostile)}`);
}
