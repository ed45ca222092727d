/// <reference types="vite/client" />
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { Pagination, type PaginationProps } from '../../src/pagination/index';
import '../../src/pagination/styles.css';

// A desktop-wide page: these tests are about the full page window (narrow containers: responsive.browser.test.tsx).
beforeAll(async () => {
  await page.viewport(1280, 900);
});

const named = (name: string) => screen.getByRole('button', { name });
// Chromium drops focus from a disabled element when it next renders a frame, not at once.
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
const focusedName = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName;

function Controlled(props: PaginationProps) {
  const [current, setCurrent] = useState(props.current ?? 1);
  return <Pagination {...props} current={current} onChange={(page) => setCurrent(page)} />;
}

const rgb = (c: string) =>
  c
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number);
const luminance = (c: string) => {
  const [r, g, b] = rgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
/** WCAG contrast ratio of two computed colours. */
const ratio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
/** HSL saturation, 0…1. */
const saturation = (c: string) => {
  const [r, g, b] = rgb(c).map((v) => v / 255) as [number, number, number];
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  const l = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
};

async function violations(node: Element) {
  const result = await axe.run(node, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Pagination in Chromium: keyboard', () => {
  it('reaches every enabled control with Tab, in visual order, skipping disabled ones', async () => {
    render(<Pagination total={437} />);
    const order: Array<string | undefined> = [];
    for (let i = 0; i < 9; i++) {
      await userEvent.tab();
      order.push(focusedName());
    }
    expect(order).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 22',
      'Next page',
      'Last page',
      'Items per page',
    ]);
  });

  it('activates page buttons with Enter and navigation buttons with Space', async () => {
    render(<Controlled total={437} />);
    named('Page 3').focus();
    await userEvent.keyboard('{Enter}');
    expect(named('Page 3')).toHaveAttribute('aria-current', 'page');
    named('Next page').focus();
    await userEvent.keyboard(' ');
    expect(named('Page 4')).toHaveAttribute('aria-current', 'page');
  });

  it('keeps focus on the page the user chose although buttons are reused by position', async () => {
    render(<Controlled total={437} current={7} />);
    // Window 1 … 6 7 8 … 22: "Page 8" sits right of the current page, and moves left of it once chosen.
    named('Page 8').focus();
    await userEvent.keyboard('{Enter}');
    expect(named('Page 8')).toHaveAttribute('aria-current', 'page');
    expect(focusedName()).toBe('Page 8');
    await userEvent.keyboard('{Enter}');
    expect(named('Page 8')).toHaveAttribute('aria-current', 'page');
    named('Page 9').focus();
    await userEvent.keyboard(' ');
    expect(focusedName()).toBe('Page 9');
  });

  it('moves focus to the current page button when the focused "Next page" becomes disabled', async () => {
    render(<Controlled total={437} current={21} />);
    named('Next page').focus();
    await userEvent.keyboard('{Enter}');
    expect(named('Next page')).toBeDisabled();
    expect(document.activeElement).toBe(named('Page 22'));
    expect(named('Page 22')).toHaveAttribute('aria-current', 'page');
  });

  it('moves focus to the current page button when the focused "First page" becomes disabled', async () => {
    render(<Controlled total={437} current={9} />);
    named('First page').focus();
    await userEvent.keyboard(' ');
    expect(document.activeElement).toBe(named('Page 1'));
  });

  it('gives focus back when the whole control is disabled while loading and then enabled again', async () => {
    const { rerender } = render(<Pagination total={437} current={3} />);
    named('Next page').focus();
    rerender(<Pagination total={437} current={3} disabled />);
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
    rerender(<Pagination total={437} current={4} />);
    expect(document.activeElement).toBe(named('Next page'));
  });

  it('moves focus to the current page when the focused page button leaves the window', async () => {
    const { rerender } = render(<Pagination total={437} current={9} />);
    named('Page 10').focus();
    // The parent jumps back to page 1 (e.g. after sorting): "Page 10" is no longer shown.
    rerender(<Pagination total={437} current={1} />);
    expect(screen.queryByRole('button', { name: 'Page 10' })).toBeNull();
    expect(document.activeElement).toBe(named('Page 1'));
  });

  it('moves focus to the current page when the focused button is removed (its slot becomes an ellipsis)', async () => {
    const { rerender } = render(<Pagination total={437} current={1} />);
    const focused = named('Page 2');
    focused.focus();
    // Window 1 2 3 4 5 … 22 becomes 1 … 9 10 11 … 22: the second slot is now an ellipsis, not a button.
    rerender(<Pagination total={437} current={10} />);
    expect(focused.isConnected).toBe(false);
    expect(document.activeElement).toBe(named('Page 10'));
  });

  it('leaves focus alone once the user has moved it out of the control', async () => {
    const { rerender } = render(
      <>
        <Pagination total={437} current={3} />
        <input aria-label="Search" />
      </>,
    );
    named('Next page').focus();
    rerender(
      <>
        <Pagination total={437} current={3} disabled />
        <input aria-label="Search" />
      </>,
    );
    await nextFrame();
    screen.getByRole('textbox', { name: 'Search' }).focus();
    rerender(
      <>
        <Pagination total={437} current={3} />
        <input aria-label="Search" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });

  it('hands focus from Next on the last page to Previous where no page is shown, so Enter again never jumps to page 1', async () => {
    const pages: number[] = [];
    render(
      <div style={{ inlineSize: 300 }}>
        <Pagination total={440} defaultCurrent={21} onChange={(page) => pages.push(page)} />
      </div>,
    );
    named('Next page').focus();
    await userEvent.keyboard('{Enter}');
    await nextFrame();
    expect(focusedName()).toBe('Previous page');
    await userEvent.keyboard('{Enter}');
    expect(pages).toEqual([22, 21]);
  });

  it('changes the page size from the keyboard', async () => {
    const calls: string[] = [];
    render(<Pagination total={437} onChange={(p, s) => calls.push(`${p} ${s}`)} />);
    screen.getByRole('combobox', { name: 'Items per page' }).focus();
    await userEvent.selectOptions(screen.getByRole('combobox'), '50');
    expect(calls).toEqual(['1 50']);
  });
});

describe('Pagination in Chromium: layout', () => {
  it('mirrors the arrows and the order under dir="rtl"', () => {
    render(
      <div dir="rtl">
        <Pagination total={437} defaultCurrent={5} />
      </div>,
    );
    const arrow = named('Next page').querySelector('svg')!;
    expect(getComputedStyle(arrow).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    expect(named('First page').getBoundingClientRect().left).toBeGreaterThan(
      named('Last page').getBoundingClientRect().left,
    );
  });

  it('does not mirror the arrows left to right', () => {
    render(<Pagination total={437} />);
    expect(getComputedStyle(named('Next page').querySelector('svg')!).transform).toBe('none');
  });

  it.each([
    ['22 pages with the total shown', 437, [...Array(22).keys()].map((i) => i + 1)],
    ['1,000 pages', 20_000, [1, 2, 3, 4, 5, 6, 9, 10, 11, 99, 100, 101, 500, 995, 996, 997, 998, 999, 1000]],
    ['a trillion pages', 2e13, [1, 5, 9, 10, 11, 12, 99_999, 100_000, 5e11, 1e12 - 5, 1e12 - 3, 1e12]],
  ])('keeps every button in place while paging through %s', (_, total, pages) => {
    // A sans-serif font, where sub-pixel differences between digit runs showed up.
    const { rerender } = render(<Pagination total={total} current={1} showTotal locale="en-US" />, {
      container: document.body.appendChild(
        Object.assign(document.createElement('div'), { style: 'font-family: sans-serif' }),
      ),
    });
    const place = () =>
      ['First page', 'Previous page', 'Next page', 'Last page'].map((name) => named(name).getBoundingClientRect().left);
    const start = place();
    const nav = screen.getByRole('navigation').getBoundingClientRect();
    for (const current of pages) {
      rerender(<Pagination total={total} current={current} showTotal locale="en-US" />);
      // In the page window where it fits; a trillion pages always show "5B / 1T" (the compact layout).
      const label = `Page ${current.toLocaleString('en-US')}`;
      const button = screen.queryByRole('button', { name: label });
      if (total < 1e13) expect(button).toHaveAttribute('aria-current', 'page');
      else
        expect(document.querySelector('.pw-indicator .pw-sr')).toHaveTextContent(
          new RegExp(`^${label} of 1,000,000,000,000$`),
        );
      expect({ current, place: place() }).toEqual({ current, place: start });
      expect(screen.getByRole('navigation').getBoundingClientRect().height).toBe(nav.height);
    }
  });

  it('reserves the width of the longest range without showing or announcing it', async () => {
    render(<Pagination total={437} current={2} showTotal />);
    const total = screen.getByText('21–40 of 437');
    const range = document.createRange();
    range.selectNodeContents(total);
    // Wider than its text: room for "437–437 of 437".
    expect(total.getBoundingClientRect().width).toBeGreaterThan(range.getBoundingClientRect().width + 10);
    // The tests run in an iframe: ask for that frame's accessibility tree.
    type Frame = { frame: { id: string; url: string }; childFrames?: Frame[] };
    const frames = (tree: Frame): Frame[] => [tree, ...(tree.childFrames ?? []).flatMap(frames)];
    const { frameTree } = (await cdp().send('Page.getFrameTree')) as { frameTree: Frame };
    const frameId = frames(frameTree).find((f) => f.frame.url === location.href)?.frame.id;
    const { nodes } = (await cdp().send('Accessibility.getFullAXTree', { frameId })) as {
      nodes: Array<{ role?: { value?: string }; name?: { value?: string } }>;
    };
    const texts = nodes
      .filter((n) => n.role?.value === 'StaticText')
      .map((n) => n.name?.value ?? '')
      .filter((name) => name.includes(' of 437'));
    expect(texts).toEqual(['21–40 of 437']);
  });

  it('takes the room left in a flex row beside other content, on one row, instead of collapsing to no width', () => {
    render(
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, inlineSize: 900 }}>
        <span>Showing 1–20 of 437 shares</span>
        <Pagination total={437} />
      </div>,
    );
    const nav = screen.getByRole('navigation').getBoundingClientRect();
    const text = screen.getByText('Showing 1–20 of 437 shares').getBoundingClientRect();
    expect(nav.left).toBeGreaterThanOrEqual(text.right);
    expect(nav.right).toBeLessThanOrEqual(text.left + 900 + 0.5);
    expect(nav.width).toBeGreaterThan(400);
    expect(named('Page 2').getBoundingClientRect().top).toBe(named('Next page').getBoundingClientRect().top);
  });

  // Each switch at exactly the room the stylesheet reckons (the root's 1em and 1lh): one pixel more keeps the wider layout
  // on one row, one pixel less switches it; in every size, with German labels, Arabic digits, a root font of 20 px and
  // themed target sizes, gaps and text.
  const german = {
    pageSize: 'Einträge pro Seite',
    jumper: 'Gehe zu Seite',
    pageSizeOption: (n: string) => `${n} / Seite`,
    total: (from: string, to: string, total: string) => `${from}–${to} von ${total} Einträgen`,
  };
  it.each([
    ['sm', 'en', undefined, '', {}],
    ['md', 'de', german, '', {}],
    ['lg', 'ar-EG', undefined, '', {}],
    ['sm', 'de', german, '20px', {}],
    ['sm', 'en', undefined, '', { '--pw-size-sm': '3.5rem' }],
    ['md', 'en', undefined, '', { '--pw-gap': '1.5rem' }],
    ['sm', 'de', german, '', { '--pw-font-size': '0.625rem', '--pw-gap': '2px' }],
    ['lg', 'en', undefined, '', { '--pw-font-size': '1.25rem', '--pw-size-lg': '4rem' }],
  ] as const)(
    'switches layout at the room it needs, on one row either side: %s, %s, root %s, theme %j',
    (size, locale, labels, rootFont, theme) => {
      document.documentElement.style.fontSize = rootFont;
      try {
        const { container } = render(
          <div className="room" style={{ inlineSize: 2000 }}>
            <Pagination
              total={4_370}
              defaultCurrent={7}
              size={size}
              locale={locale}
              labels={labels}
              showTotal
              showQuickJumper
              showSizeLabel
              style={theme as CSSProperties}
            />
          </div>,
        );
        const box = container.querySelector<HTMLElement>('.room')!;
        const nav = screen.getByRole('navigation');
        const shown = (selector: string) => nav.querySelector(selector)!.getClientRects().length > 0;
        const layout = () => (shown('[data-window]') ? 'full' : shown('.pw-total') ? 'compact' : 'narrow');
        const rows = () => {
          const middles: number[] = [];
          for (const part of nav.querySelectorAll<HTMLElement>(':scope > :not(ul, .pw-status), :scope > ul > li')) {
            if (part.getClientRects().length === 0) continue;
            const { top, height } = part.getBoundingClientRect();
            if (!middles.some((m) => Math.abs(m - (top + height / 2)) <= 2)) middles.push(top + height / 2);
          }
          return middles.length;
        };
        const at = (width: number) => {
          box.style.inlineSize = `${width}px`;
          return { layout: layout(), rows: rows(), overflow: nav.scrollWidth > nav.clientWidth };
        };
        const style = getComputedStyle(nav);
        const [full, compact] = [parseFloat(style.fontSize), parseFloat(style.lineHeight)];
        expect(full).toBeGreaterThan(compact);
        expect([at(Math.ceil(full)), at(Math.ceil(full) - 1)]).toEqual([
          { layout: 'full', rows: 1, overflow: false },
          { layout: 'compact', rows: 1, overflow: false },
        ]);
        expect([at(Math.ceil(compact)), at(Math.ceil(compact) - 1)]).toEqual([
          { layout: 'compact', rows: 1, overflow: false },
          { layout: 'narrow', rows: 1, overflow: false },
        ]);
      } finally {
        document.documentElement.style.fontSize = '';
      }
    },
  );

  it('wraps instead of overflowing a narrow container, in every size', () => {
    render(
      <div style={{ inlineSize: 300 }}>
        {(['sm', 'md', 'lg'] as const).map((size) => (
          <Pagination key={size} total={20_000} defaultCurrent={500} size={size} showTotal aria-label={size} />
        ))}
      </div>,
    );
    for (const size of ['sm', 'md', 'lg']) {
      const nav = screen.getByRole('navigation', { name: size });
      expect({ size, overflow: nav.scrollWidth > nav.clientWidth }).toEqual({ size, overflow: false });
      for (const b of nav.querySelectorAll('button, select')) {
        expect(b.getBoundingClientRect().right).toBeLessThanOrEqual(nav.getBoundingClientRect().right + 0.5);
      }
    }
  });

  it.each([320, 375, 480, 768, 1024])(
    'keeps Japanese labels (wide characters) on one row in a %i px container',
    (width) => {
      const japanese = {
        nav: 'ページ送り',
        pageSize: '表示件数',
        pageSizeOption: (n: string) => `${n} 件/ページ`,
        total: (from: string, to: string, total: string) => `全 ${total} 件中 ${from}–${to} 件を表示`,
      };
      render(
        <div style={{ inlineSize: width }}>
          <Pagination total={4_370} defaultCurrent={5} showTotal showSizeLabel labels={japanese} locale="ja-JP" />
        </div>,
      );
      const nav = screen.getByRole('navigation');
      const parts = [...nav.querySelectorAll<HTMLElement>(':scope > :not(ul, .pw-status), :scope > ul > li')].filter(
        (el) => el.getClientRects().length > 0,
      );
      const rows: number[] = [];
      for (const part of parts) {
        const { top, height } = part.getBoundingClientRect();
        if (!rows.some((row) => Math.abs(row - (top + height / 2)) <= 2)) rows.push(top + height / 2);
      }
      expect({ width, rows: rows.length, overflow: nav.scrollWidth > nav.clientWidth }).toEqual({
        width,
        rows: 1,
        overflow: false,
      });
    },
  );

  it('keeps English text readable under dir="rtl": "21–40 of 437" is not reordered', () => {
    render(
      <div dir="rtl">
        <Pagination total={437} current={2} showTotal />
      </div>,
    );
    const text = screen.getByText('21–40 of 437').firstChild as Text;
    const at = (part: string) => {
      const range = document.createRange();
      const i = text.data.indexOf(part);
      range.setStart(text, i);
      range.setEnd(text, i + part.length);
      return range.getBoundingClientRect().left;
    };
    expect(at('21')).toBeLessThan(at('40'));
    expect(at('40')).toBeLessThan(at('of'));
    expect(at('of')).toBeLessThan(at('437'));
  });

  it('lets touch users tap "Next page" repeatedly without double-tap zoom', () => {
    render(<Pagination total={437} />);
    for (const b of screen.getAllByRole('button')) expect(getComputedStyle(b).touchAction).toBe('manipulation');
  });

  it('uses tabular figures so the width does not jump', () => {
    render(<Pagination total={437} />);
    expect(getComputedStyle(screen.getByRole('navigation')).fontVariantNumeric).toBe('tabular-nums');
  });

  it('keeps page buttons at least 24 × 24 px in every size (target size)', () => {
    render(
      <>
        {(['sm', 'md', 'lg'] as const).map((size) => (
          <Pagination key={size} total={437} size={size} aria-label={size} />
        ))}
      </>,
    );
    for (const b of screen.getAllByRole('button', { name: 'Page 1' })) {
      const { width, height } = b.getBoundingClientRect();
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
    }
  });

  it('keeps the current page filled when hovered, and shades other pages', async () => {
    render(<Pagination total={437} />);
    const fill = getComputedStyle(named('Page 1')).backgroundColor;
    const plain = getComputedStyle(named('Page 2')).backgroundColor;
    await userEvent.hover(named('Page 1'));
    expect(getComputedStyle(named('Page 1')).backgroundColor).toBe(fill);
    await userEvent.hover(named('Page 2'));
    expect(getComputedStyle(named('Page 2')).backgroundColor).not.toBe(plain);
  });

  it('follows data-theme: dark inside a light page, and light forced inside a dark one', () => {
    render(
      <div data-theme="dark">
        <Pagination total={437} aria-label="dark" />
        <div data-theme="light">
          <Pagination total={437} aria-label="light" />
        </div>
      </div>,
    );
    const color = (name: string) => getComputedStyle(screen.getByRole('navigation', { name })).color;
    expect(color('dark')).toBe('rgb(236, 236, 236)');
    expect(color('light')).toBe('rgb(26, 26, 26)');
  });

  it('follows data-theme on the control itself and a dark region inside a light page', () => {
    render(
      <div data-theme="light">
        <Pagination total={437} aria-label="own dark" data-theme="dark" />
        <div data-theme="dark">
          <Pagination total={437} aria-label="dark region" />
          <Pagination total={437} aria-label="own light" data-theme="light" />
        </div>
      </div>,
    );
    const color = (name: string) => getComputedStyle(screen.getByRole('navigation', { name })).color;
    expect(color('own dark')).toBe('rgb(236, 236, 236)');
    expect(color('dark region')).toBe('rgb(236, 236, 236)');
    expect(color('own light')).toBe('rgb(26, 26, 26)');
  });

  it("declares its theme on the control only: the app's [data-theme] elements get no custom property", () => {
    const { container } = render(
      <div data-theme="dark">
        <div data-theme="light">
          <Pagination total={437} />
        </div>
      </div>,
    );
    for (const region of container.querySelectorAll<HTMLElement>('[data-theme]')) {
      const style = getComputedStyle(region);
      for (const name of ['--_pw-fg', '--_pw-surface', '--_pw-accent', '--_pw-scheme'])
        expect(style.getPropertyValue(name), name).toBe('');
    }
    expect(getComputedStyle(screen.getByRole('navigation')).getPropertyValue('--_pw-fg')).toBe('#1a1a1a');
  });

  it('stays light when the system prefers dark: dark is opt-in with data-theme="dark"', async () => {
    const setScheme = (value: string) =>
      cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] });
    await setScheme('dark');
    try {
      render(
        <>
          <Pagination total={437} aria-label="system" />
          <div data-theme="light">
            <Pagination total={437} aria-label="forced light" />
          </div>
        </>,
      );
      const color = (name: string) => getComputedStyle(screen.getByRole('navigation', { name })).color;
      expect(matchMedia('(prefers-color-scheme: dark)').matches).toBe(true);
      expect(color('system')).toBe('rgb(26, 26, 26)');
      expect(color('forced light')).toBe('rgb(26, 26, 26)');
    } finally {
      await setScheme('');
    }
  });

  it('renders the same number of page controls for a trillion items as for a thousand', () => {
    const { container, unmount } = render(<Pagination total={1000} defaultCurrent={25} />);
    const thousand = container.querySelectorAll('[data-page]').length;
    unmount();
    const trillion = render(<Pagination total={1e12} defaultCurrent={25_000_000_000} />).container;
    expect(thousand).toBe(5);
    expect(trillion.querySelectorAll('[data-page]')).toHaveLength(thousand);
  });
});

// The page behind the control, in the theme's own surface colour.
const surface = (theme: 'light' | 'dark', children: ReactNode) => (
  <div data-theme={theme} style={{ background: theme === 'dark' ? '#141414' : '#fff', padding: 16 }}>
    {children}
  </div>
);

const variants: Array<[string, ReactNode]> = [
  ['default', <Pagination total={437} />],
  ['current in the middle with total', <Pagination total={437} defaultCurrent={9} showTotal />],
  ['disabled', <Pagination total={437} disabled />],
  ['empty', <Pagination total={0} showTotal />],
  [
    'sizes',
    (['sm', 'md', 'lg'] as const).map((size) => (
      <Pagination key={size} total={437} size={size} aria-label={`Pages ${size}`} />
    )),
  ],
  [
    'German',
    <Pagination
      total={123456}
      defaultCurrent={1200}
      showTotal
      locale="de-DE"
      labels={{ nav: 'Seiten', page: (n) => `Seite ${n}`, pageSize: 'Einträge pro Seite' }}
    />,
  ],
  [
    'right to left',
    <div dir="rtl">
      <Pagination total={437} defaultCurrent={9} showTotal />
    </div>,
  ],
];

describe('Pagination in Chromium: axe-core', () => {
  for (const theme of ['light', 'dark'] as const) {
    it.each(variants)(`has no violations: %s, ${theme} theme`, async (_, node) => {
      const { container } = render(surface(theme, node));
      expect(await violations(container)).toEqual([]);
    });
  }

  it('has no violations after a change has been announced', async () => {
    const { container } = render(surface('dark', <Controlled total={437} />));
    await userEvent.click(named('Next page'));
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 22');
    expect(await violations(container)).toEqual([]);
  });

  it('meets AA contrast in both themes: text, the current page, focus, hover and disabled parts', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { unmount } = render(surface(theme, <Pagination total={437} showTotal />));
      const cur = getComputedStyle(named('Page 1'));
      const other = getComputedStyle(named('Page 2'));
      const total = getComputedStyle(screen.getByText(/of 437/));
      const totalColor = total.color;
      const select = getComputedStyle(screen.getByRole('combobox'));
      const bg = getComputedStyle(screen.getByRole('navigation').parentElement!).backgroundColor;
      // The current page: a saturated fill under white text, 4.5:1 or more, the fill itself 3:1 on the surface.
      expect(cur.color, theme).toBe('rgb(255, 255, 255)');
      expect(ratio(cur.color, cur.backgroundColor), theme).toBeGreaterThanOrEqual(4.5);
      expect(saturation(cur.backgroundColor), theme).toBeGreaterThan(0.6);
      expect(ratio(cur.backgroundColor, bg), theme).toBeGreaterThanOrEqual(3);
      // Other pages are borderless on the surface (as the peers), named by their text.
      expect(other.backgroundColor).toBe('rgba(0, 0, 0, 0)');
      expect(ratio(other.color, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(total.color, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(select.color, bg)).toBeGreaterThanOrEqual(4.5);
      // Non-text contrast (WCAG 1.4.11): the selector's border.
      expect(ratio(select.borderTopColor, bg)).toBeGreaterThanOrEqual(3);
      // The focus ring: 3:1 on the surface, and not the fill's colour, so a focused current page does not read as a
      // thicker border.
      await userEvent.keyboard('{Tab}');
      while (document.activeElement !== named('Page 1')) await userEvent.keyboard('{Tab}');
      const ring = getComputedStyle(named('Page 1'));
      expect(ring.outlineStyle, theme).toBe('solid');
      expect(ratio(ring.outlineColor, bg), theme).toBeGreaterThanOrEqual(3);
      expect(ratio(ring.outlineColor, cur.backgroundColor), theme).toBeGreaterThanOrEqual(2.5);
      // Hover: a fill 1.3:1 on the surface, the text on it still 4.5:1.
      await userEvent.hover(named('Page 2'));
      const hovered = getComputedStyle(named('Page 2'));
      expect(ratio(hovered.backgroundColor, bg), theme).toBeGreaterThanOrEqual(1.3);
      expect(ratio(hovered.color, hovered.backgroundColor), theme).toBeGreaterThanOrEqual(4.5);
      await userEvent.unhover(named('Page 2'));
      // An unavailable arrow (Previous on page 1) is dimmed, its icon still 4.5:1, with no opacity on top.
      const previous = getComputedStyle(named('Previous page'));
      expect(previous.color).not.toBe(other.color);
      expect(ratio(previous.color, bg), theme).toBeGreaterThanOrEqual(4.5);
      expect(previous.opacity).toBe('1');
      unmount();
      // Disabled dims the whole control, its text and its current page still at 4.5:1, as styles.css promises.
      const disabled = render(surface(theme, <Pagination total={437} showTotal disabled />));
      expect(ratio(getComputedStyle(screen.getByText(/of 437/)).color, bg)).toBeGreaterThanOrEqual(4.5);
      expect(getComputedStyle(screen.getByText(/of 437/)).color).not.toBe(totalColor);
      for (const button of screen.getAllByRole('button')) {
        const style = getComputedStyle(button);
        const behind = style.backgroundColor === 'rgba(0, 0, 0, 0)' ? bg : style.backgroundColor;
        expect(ratio(style.color, behind), `${button.getAttribute('aria-label')}, ${theme}`).toBeGreaterThanOrEqual(
          4.5,
        );
        expect(style.opacity).toBe('1');
      }
      disabled.unmount();
    }
  });
});

describe("Pagination in Chromium: the page's own styles", () => {
  // What a host page's stylesheet may do to lists, buttons and links (the Theming guide's own styles put bullets in).
  const hostile = `
    ul { list-style: disc; margin: 1em 0; padding-left: 2em; display: block; }
    li { margin: 0 0 0.5em; padding: 4px 8px; line-height: 2; list-style: square; display: list-item; }
    li::before { content: '•'; margin-right: 4px; }
    button, a { background: #c00; color: #fff; padding: 12px 24px; border: 3px solid #000; border-radius: 0; text-transform: uppercase;
      box-shadow: 0 2px 4px #000; font-size: 20px; min-width: 100px; text-decoration: underline; font-weight: 700; }
    button:hover, a:hover { background: #f00; color: #0c0; }
  `;
  const look = (root: Element) =>
    [...root.querySelectorAll('.pw-list > li, .pw-button')].map((el) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return [
        r.left,
        r.top,
        r.width,
        r.height,
        s.backgroundColor,
        s.color,
        s.textDecorationLine,
        s.textTransform,
        s.boxShadow,
        s.display,
        getComputedStyle(el, '::before').content,
      ].join(' ');
    });

  it.each([
    ['buttons', <Pagination total={437} defaultCurrent={7} showTotal />],
    ['links', <Pagination total={437} defaultCurrent={7} showTotal getPageHref={(n) => `?page=${n}`} />],
  ])('looks the same with and without host ul, li, button and a styles: %s', async (_, node) => {
    const { container } = render(node);
    await userEvent.hover(container.querySelector('[data-page="8"]')!);
    const plain = look(container);
    const style = document.createElement('style');
    style.textContent = hostile;
    document.head.append(style);
    try {
      expect(look(container)).toEqual(plain);
      // No bullets: the items are never list items, so no marker is drawn.
      for (const li of container.querySelectorAll('.pw-list > li'))
        expect(getComputedStyle(li).display).not.toBe('list-item');
    } finally {
      style.remove();
    }
  });

  describe('a font-size or line-height set on the control itself, which its layout switch reads as the room it needs', () => {
    let warn: MockInstance<typeof console.warn>;
    beforeEach(() => {
      warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    });
    afterEach(() => {
      warn.mockRestore();
    });
    const warned = () => warn.mock.calls.filter(([line]) => String(line).includes('`--pw-font-size`')).length;

    it("warns once in development when a class sets the control's font-size (it would never collapse)", () => {
      const style = document.createElement('style');
      style.textContent = '.footer-pager { font-size: 20px }';
      document.head.append(style);
      try {
        const { rerender } = render(<Pagination total={437} className="footer-pager" />);
        rerender(<Pagination total={437} className="footer-pager" current={2} />);
        expect(warned()).toBe(1);
      } finally {
        style.remove();
      }
    });

    it("warns in development when a class sets the control's line-height (it would never reach its narrow layout)", () => {
      const style = document.createElement('style');
      style.textContent = '.leading-6 { line-height: 1.5rem }';
      document.head.append(style);
      try {
        render(<Pagination total={437} showTotal className="leading-6" />);
        expect(warned()).toBe(1);
      } finally {
        style.remove();
      }
    });

    it('warns when its own style sets the font-size', () => {
      render(<Pagination total={437} showTotal style={{ fontSize: 20 }} />);
      expect(warned()).toBe(1);
    });

    it("warns when an app's rule for the control's context sets its line-height", () => {
      const style = document.createElement('style');
      style.textContent = '.site-footer nav { line-height: 1.5 }';
      document.head.append(style);
      try {
        render(
          <footer className="site-footer">
            <Pagination total={437} showTotal />
          </footer>,
        );
        expect(warned()).toBe(1);
      } finally {
        style.remove();
      }
    });

    it.each([
      ['--pw-font-size', '1.2em'],
      ['--pw-font-size', '90%'],
      ['--pw-gap', '0.5em'],
      ['--pw-size-sm', '2em'],
    ])('warns in development for %s: %s, read against that room', (name, value) => {
      render(<Pagination total={437} showTotal style={{ [name]: value } as CSSProperties} />);
      expect(warned()).toBe(1);
    });

    it.each([
      ['--pw-font-size in rem', <Pagination total={437} style={{ '--pw-font-size': '1.25rem' } as CSSProperties} />],
      [
        '--pw-font-size in px at size="lg"',
        <Pagination total={437} size="lg" style={{ '--pw-font-size': '18px' } as CSSProperties} />,
      ],
      [
        'a class on the control that sets the theme',
        <>
          <style>{'.brand { --pw-size-sm: 2.5rem; --pw-gap: 0.5rem }'}</style>
          <Pagination total={437} showTotal className="brand" />
        </>,
      ],
      [
        'themed target sizes and gaps in rem and px',
        <Pagination total={437} showTotal style={{ '--pw-size-sm': '2.5rem', '--pw-gap': '12px' } as CSSProperties} />,
      ],
      [
        'a parent 32 px font-size',
        <div style={{ fontSize: 32 }}>
          <Pagination total={437} showTotal showQuickJumper />
        </div>,
      ],
    ])('does not warn with %s', (_, node) => {
      render(node);
      expect(warned()).toBe(0);
    });
  });
});

describe('Pagination in Chromium: unknown total', () => {
  it('pages through a service without a total on hasNext, Next disabled on its last page, with no axe violation', async () => {
    function FourPages() {
      const [page, setPage] = useState(1);
      return <Pagination current={page} hasNext={page < 4} showTotal onChange={(next) => setPage(next)} />;
    }
    const { container } = render(<FourPages />);
    expect(screen.getByText('1–20 of more than 20')).toBeVisible();
    for (let i = 0; i < 3; i++) await userEvent.click(named('Next page'));
    expect(named('Page 4')).toHaveAttribute('aria-current', 'page');
    expect(named('Next page')).toBeDisabled();
    expect(named('Last page')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(/^Page 4$/);
    expect(await violations(container)).toEqual([]);
  });
});
