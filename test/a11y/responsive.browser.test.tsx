// The control in narrow containers, in real Chromium: every story (the load-more ones too, which show lists without the
// control), composed with the Storybook preview (decorators, MSW mock service) and run with its play function, in a
// canvas 320, 375, 480, 768 and 1024 px wide, in the light and the dark theme, with a mouse and on a touch screen
// (Chromium's touch emulation, as Playwright's `hasTouch`: `pointer: coarse`). Each control must sit on one row without
// overflowing (with a mouse, a quick jumper and a selector on a 320 px phone too; on a touch screen below 400 px, one
// with a quick jumper on two), collapse its page window only when the full row does not fit (at 768 px with a mouse,
// never when it fits), keep "n / N" with the current page accented wherever it collapses, keep targets of 24×24 px
// (44×44 at size="lg" and on touch screens, 8 px apart there), and pass axe at that width.
import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta } from '@storybook/react-vite';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdp, page } from 'vitest/browser';
import * as preview from '../../.storybook/preview';

setProjectAnnotations([preview.default]);

type StoryModule = { default: Meta } & Record<string, unknown>;
const modules = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', {
  eager: true,
});

const WIDTHS = [320, 375, 480, 768, 1024];
const pageLevelRules = ['region', 'landmark-one-main', 'page-has-heading-one'];
// The room each layout needs is reckoned for one of the widest UI fonts (paginationFit.ts): in the test's font a
// window that collapses needs more than 90 % of the room.
const FIT_SLACK = 0.9;

beforeAll(async () => {
  await page.viewport(1280, 900);
});

const shown = (el: Element) => el.getClientRects().length > 0;
const partsOf = (nav: Element) =>
  [...nav.querySelectorAll<HTMLElement>(':scope > :not(ul, .pw-status), :scope > ul > li')].filter(shown);

/** The width the full row takes where nothing constrains it: a copy laid out in a wide container, no layout switched. */
function fullRowWidth(nav: HTMLElement): number {
  const wide = document.createElement('div');
  wide.style.inlineSize = '4000px';
  const copy = nav.cloneNode(true) as HTMLElement;
  for (const name of ['full', 'compact', 'full-touch', 'compact-touch']) copy.style.setProperty(`--_pw-${name}`, '0');
  copy.removeAttribute('aria-label');
  copy.setAttribute('aria-hidden', 'true');
  wide.append(copy);
  nav.after(wide);
  const rects = partsOf(copy).map((el) => el.getBoundingClientRect());
  wide.remove();
  return Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
}

/** What a user sees of one control: the rows its parts sit on, whether it spills out, and its targets. */
function measure(nav: HTMLElement, canvas: HTMLElement) {
  const rows: number[] = [];
  for (const part of partsOf(nav)) {
    const rect = part.getBoundingClientRect();
    const middle = rect.top + rect.height / 2;
    if (!rows.some((row) => Math.abs(row - middle) <= 2)) rows.push(middle);
  }
  const box = nav.getBoundingClientRect();
  const room = canvas.getBoundingClientRect();
  const targets = [...nav.querySelectorAll<HTMLElement>('.pw-button, .pw-select, .pw-input')]
    .filter(shown)
    .map((el) => {
      const rect = el.getBoundingClientRect();
      return {
        name: el.getAttribute('aria-label') ?? el.textContent ?? '',
        rect,
      };
    });
  return {
    rows: rows.length,
    overflow: nav.scrollWidth > nav.clientWidth + 0.5 || box.right > room.right + 0.5 || box.left < room.left - 0.5,
    targets,
    size: nav.dataset.size,
    compact: !shown(nav.querySelector('[data-window]')!),
    width: box.width,
  };
}

async function axeViolations(container: Element) {
  const result = await axe.run(container, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: Object.fromEntries(pageLevelRules.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function touchScreen(enabled: boolean) {
  await cdp().send('Emulation.setTouchEmulationEnabled', {
    enabled,
    maxTouchPoints: 5,
  });
}

for (const pointer of ['mouse', 'touch'] as const) {
  describe(`with a ${pointer}`, () => {
    beforeAll(async () => {
      await touchScreen(pointer === 'touch');
      expect(matchMedia('(pointer: coarse)').matches).toBe(pointer === 'touch');
    });
    afterAll(() => touchScreen(false));

    // Touch sizes are the control's own: its stories, not the tables' (whose plays click First and Last).
    for (const [path, module] of Object.entries(modules).filter(
      ([path]) => pointer === 'mouse' || path.endsWith('/Pagination.stories.tsx'),
    )) {
      const file = path.split('/').pop();
      for (const theme of ['light', 'dark'] as const) {
        const stories = composeStories(module, { initialGlobals: { theme } });
        for (const [name, Story] of Object.entries(stories) as [string, ReturnType<typeof composeStory>][]) {
          it.each(WIDTHS)(`${pointer}: ${file} ${name}, ${theme}, at %i px`, async (width) => {
            const canvas = document.createElement('div');
            canvas.style.inlineSize = `${width}px`;
            document.body.append(canvas);
            try {
              await Story.run({ canvasElement: canvas });
              for (const nav of canvas.querySelectorAll<HTMLElement>('nav.pw-pagination')) {
                const label = nav.getAttribute('aria-label');
                const m = measure(nav, canvas);
                // One row at every width with a mouse, a quick jumper and a selector on a 320 px phone too. On a touch
                // screen below 400 px, 44 px targets 8 px apart leave a quick jumper a second row.
                const wraps = pointer === 'touch' && width < 400 && nav.querySelector('.pw-jumper');
                expect(m.rows, `${label} rows`).toBe(wraps ? 2 : 1);
                expect(m.overflow, `${label} overflows`).toBe(false);
                const pages = Math.max(
                  ...[...nav.querySelectorAll<HTMLElement>('[data-page]')].map((el) => Number(el.dataset.page)),
                );
                if (pointer === 'mouse' && width === 768 && pages <= 100 && fullRowWidth(nav) <= m.width) {
                  expect(m.compact, `${label}: ${pages} pages collapsed at 768 px`).toBe(false);
                }
                if (m.compact) {
                  expect(fullRowWidth(nav), `${label}: collapsed at ${m.width} px`).toBeGreaterThan(
                    m.width * FIT_SLACK,
                  );
                  // "3 / 22" where "Page 3 of 22" is announced ("3" alone without a total, "3 / about 22" for an
                  // estimated count), the current page accented.
                  const indicator = nav.querySelector<HTMLElement>('.pw-indicator [aria-hidden]')!;
                  const announced = nav.querySelector('.pw-indicator .pw-sr')!.textContent!.match(/\d[\d.,]*/g)!;
                  expect(shown(indicator)).toBe(true);
                  expect(indicator.textContent).toMatch(announced.length > 1 ? /^\S+ \/ (\S+ )?\S+$/ : /^\S+$/);
                  const current = getComputedStyle(indicator.querySelector('[data-current]')!);
                  expect(current.backgroundColor).not.toBe(getComputedStyle(nav).backgroundColor);
                  expect(current.fontWeight).toBe('600');
                }
                const touch = pointer === 'touch' || m.size === 'lg';
                const least = touch ? 44 : 24;
                for (const { name: target, rect } of m.targets) {
                  expect(Math.min(rect.width, rect.height), `${target} at ${m.size}`).toBeGreaterThanOrEqual(
                    least - 0.01,
                  );
                }
                if (pointer === 'touch') {
                  const sorted = m.targets.map((t) => t.rect).sort((a, b) => a.top - b.top || a.left - b.left);
                  for (let i = 1; i < sorted.length; i++) {
                    if (Math.abs(sorted[i]!.top - sorted[i - 1]!.top) > 2) continue;
                    expect(
                      sorted[i]!.left - sorted[i - 1]!.right,
                      `space between targets ${i - 1} and ${i}`,
                    ).toBeGreaterThanOrEqual(8 - 0.01);
                  }
                }
              }
              expect(await axeViolations(canvas)).toEqual([]);
            } finally {
              canvas.remove();
            }
          });
        }
      }
    }
  });
}
