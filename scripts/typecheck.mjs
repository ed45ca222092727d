// `npm run typecheck`: every type-check that needs no build, in one process sharing what the programs have in common
// (scripts/compiler.mjs): the project with its type tests (test/types/*.test-d.ts, expectTypeOf: a wrong public type
// is a compile error), the docs' examples as an app imports pagewise, and the code blocks of README and the reference
// pages. All three are reported before it exits.
import { checkCodeBlocks } from './readme-check.mjs';
import { createCompiler } from './compiler.mjs';

const started = Date.now();
const compiler = createCompiler();
const project = compiler.check('tsconfig.json');
// Their own files only: the src/ they import through `paths` is the project's, checked just above.
const examples = compiler.check('stories/docs/examples/tsconfig.json', { only: true });
const blocks = checkCodeBlocks(compiler);
const failed = [project && 'the project', examples && "the docs' examples", blocks && 'the code blocks'].filter(
  Boolean,
);
if (failed.length > 0) {
  console.error(`✖ type errors in ${failed.join(', ')}`);
  process.exit(1);
}
console.log(
  `✔ the project, the docs' examples and the code blocks type-check (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
