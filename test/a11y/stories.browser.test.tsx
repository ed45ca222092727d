// axe-core over every story in real Chromium, in the light and the dark theme: each story is composed
// with the Storybook preview (its decorators, loaders and MSW mock service), run with its play
// function, and the rendered story is checked. Zero violations is the bar; results print per story.
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta } from '@storybook/react-vite';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../.storybook/preview';

setProjectAnnotations([preview.default]);

type StoryModule = { default: Meta } & Record<string, unknown>;
const modules = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', { eager: true });

// Page-level rules do not apply to a story, which is a fragment of a page (Storybook's a11y addon
// leaves them out too); everything else in WCAG 2.0/2.1/2.2 A and AA plus best practices applies.
const pageLevelRules = ['region', 'landmark-one-main', 'page-has-heading-one'];

const results: string[] = [];

// Storybook's canvas size rather than Vitest's phone-sized default, so wide tables are judged as shown.
beforeAll(async () => {
  await page.viewport(1280, 900);
});

async function check(container: Element) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: Object.fromEntries(pageLevelRules.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

for (const [path, module] of Object.entries(modules)) {
  const file = path.split('/').pop();
  for (const theme of ['light', 'dark'] as const) {
    const stories = composeStories(module, { initialGlobals: { theme } });
    describe(`${file}, ${theme} theme`, () => {
      for (const [name, Story] of Object.entries(stories) as [string, ReturnType<typeof composeStory>][]) {
        it(`${name} has no axe violations`, async () => {
          const canvas = document.createElement('div');
          document.body.append(canvas);
          try {
            await Story.run({ canvasElement: canvas });
            const surface = canvas.querySelector('[data-theme]');
            // A story may pin its own theme (the Dark story); every other one follows the global.
            expect(surface?.getAttribute('data-theme')).toBe(Story.parameters.theme ?? theme);
            const violations = await check(canvas);
            results.push(
              `${violations.length === 0 ? '✔' : '✖'} ${file} ${name} [${theme}]: ${violations.length} violations`,
            );
            expect(violations).toEqual([]);
          } finally {
            canvas.remove();
          }
        });
      }
    });
  }
}

afterAll(() => {
  console.log(`axe-core ${axe.version} per story:\n${results.join('\n')}`);
});
