// Play-function helpers that read the control as a user sees it in any container: the page window when there is
// room, "3 / 22" when compact, and without the total and first/last arrows when narrow (styles.css).
import { expect, userEvent, waitFor } from 'storybook/test';

const shown = (el: Element | null | undefined): el is HTMLElement => !!el && el.getClientRects().length > 0;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first control under `root` (or the one named `name`). */
export function navOf(root: HTMLElement, name?: string): HTMLElement {
  const navs = [...root.querySelectorAll<HTMLElement>('nav.pw-pagination')];
  const nav = name === undefined ? navs[0] : navs.find((n) => n.getAttribute('aria-label') === name);
  if (!nav) throw new Error(`no Pagination${name ? ` named "${name}"` : ''} in the story`);
  return nav;
}

/** Whether the control shows "3 / 22" instead of its page window. */
export const isCompact = (nav: HTMLElement) => !shown(nav.querySelector('[data-window]'));

/** The visible control named `name` ("Page 3", "Last page"), or null when this layout leaves it out. */
export const visibleControl = (nav: HTMLElement, name: string) =>
  [...nav.querySelectorAll<HTMLElement>('.pw-button')].find(
    (el) => el.getAttribute('aria-label') === name && shown(el),
  ) ?? null;

/** Clicks the visible control named `name`; throws when this layout leaves it out. */
export async function click(nav: HTMLElement, name: string) {
  const control = visibleControl(nav, name);
  if (!control) throw new Error(`"${name}" is not shown in this layout`);
  await userEvent.click(control);
}

/** Asserts the page the control is on by its accessible name ("Page 3"), in the window or in "3 / 22". */
export async function expectPage(nav: HTMLElement, name: string) {
  await waitFor(() => {
    if (!isCompact(nav)) return expect(nav.querySelector('[aria-current="page"]')).toHaveAccessibleName(name);
    return expect(nav.querySelector('.pw-indicator .pw-sr')).toHaveTextContent(new RegExp(`^${escape(name)}(\\s|$)`));
  });
}

/** Asserts the last page the control offers ("Page 22"): the window's last button, or the count in "3 / 22". */
export async function expectLastPage(nav: HTMLElement, name: string, count: string) {
  await waitFor(() =>
    isCompact(nav)
      ? expect(nav.querySelector('.pw-indicator .pw-sr')).toHaveTextContent(new RegExp(`\\b${escape(count)}$`))
      : expect([...nav.querySelectorAll('[data-page]')].at(-1)).toHaveAccessibleName(name),
  );
}

/** The range text ("21–40 of 437") when this layout shows it, else null (narrow containers drop it). */
export const visibleTotal = (nav: HTMLElement) => {
  const total = nav.querySelector('.pw-total');
  return shown(total) ? total : null;
};

/** The visible "Page N" control, else "Next page" where the window is collapsed: for moves from page N − 1. */
export function pageOrNext(root: HTMLElement, name: string): HTMLElement {
  const nav = navOf(root);
  const control = visibleControl(nav, name) ?? visibleControl(nav, 'Next page');
  if (!control) throw new Error(`neither "${name}" nor "Next page" is shown`);
  return control;
}
