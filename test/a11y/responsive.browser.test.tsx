// The control in narrow containers, in real Chromium: every story (the load-more ones too, which show lists without the
// control), composed with the Storybook preview
// (decorators, MSW mock service) and run with its play function, in a canvas 320, 375, 480, 768 and 1024 px wide, in
// the light and the dark theme. Each control must sit on one row without overflowing, keep hit targets of at least
// 24×24 px (44×44 at size="lg"), and pass axe at that width.
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta } from '@storybook/react-vite';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../.storybook/preview';

setProjectAnnotations([preview.default]);

type StoryModule = { default: Meta } & Record<string, unknown>;
const modules = import.meta.glob<StoryModule>(
  '../../stories/*.stories.tsx',
  { eager: true },
);

const WIDTHS = [320, 375, 480, 768, 1024];
const pageLevelRules = ['region', 'landmark-one-main', 'page-has-heading-one'];

beforeAll(async () => {
  await page.viewport(1280, 900);
});

const shown = (el: Element) => el.getClientRects().length > 0;

/** What a user sees of one control: the rows its parts sit on, whether it spills out, and its smallest targets. */
function measure(nav: HTMLElement, canvas: HTMLElement) {
  const parts = [...nav.querySelectorAll<HTMLElement>(':scope > :not(ul, .pw-status), :scope > ul > li')].filter(shown);
  const rows: number[] = [];
  for (const part of parts) {
    const rect = part.getBoundingClientRect();
    const middle = rect.top + rect.height / 2;
    if (!rows.some((row) => Math.abs(row - middle) <= 2)) rows.push(middle);
  }
  const box = nav.getBoundingClientRect();
  const room = canvas.getBoundingClientRect();
  const targets = [...nav.querySelectorAll<HTMLElement>('.pw-button, .pw-select, .pw-input')].filter(shown).map((el) => {
    const rect = el.getBoundingClientRect();
    return { name: el.getAttribute('aria-label') ?? el.textContent ?? '', width: rect.width, height: rect.height };
  });
  return {
    rows: rows.length,
    overflow: nav.scrollWidth > nav.clientWidth + 0.5 || box.right > room.right + 0.5 || box.left < room.left - 0.5,
    targets,
    size: nav.dataset.size,
  };
}

async function axeViolations(container: Element) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: Object.fromEntries(pageLevelRules.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [path, module] of Object.entries(modules)) {
  const file = path.split('/').pop();
  for (const theme of ['light', 'dark'] as const) {
    const stories = composeStories(module, { initialGlobals: { theme } });
    for (const [name, Story] of Object.entries(stories) as [string, ReturnType<typeof composeStory>][]) {
      describe(`${file} ${name}, ${theme}`, () => {
        it.each(WIDTHS)('at %i px: one row per control, no overflow, targets of 24 px (44 at lg), play and axe pass', async (width) => {
          const canvas = document.createElement('div');
          canvas.style.inlineSize = `${width}px`;
          document.body.append(canvas);
          try {
            await Story.run({ canvasElement: canvas });
            const navs = [...canvas.querySelectorAll<HTMLElement>('nav.pw-pagination')];
            for (const nav of navs) {
              const m = measure(nav, canvas);
              expect(m.rows, `${nav.getAttribute('aria-label')} rows`).toBe(1);
              expect(m.overflow, `${nav.getAttribute('aria-label')} overflows`).toBe(false);
              const least = m.size === 'lg' ? 44 : 24;
              for (const target of m.targets) {
                expect(Math.min(target.width, target.height), `${target.name} at ${m.size}`).toBeGreaterThanOrEqual(least);
              }
            }
            expect(await axeViolations(canvas)).toEqual([]);
          } finally {
            canvas.remove();
          }
        });
      });
    }
  }
}
