// Server rendering of the control in Node (no DOM): what the server sends before any script runs.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../src/index';
import type { PaginationProps } from '../../src/index';

const render = (props: PaginationProps) => renderToString(createElement(Pagination, props));

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe('Pagination renderToString', () => {
  it('renders a labelled nav with the current page marked, without a DOM', () => {
    expect(typeof document).toBe('undefined');
    const html = render({ current: 3, total: 437, pageSize: 20 });
    expect(html).toMatch(/^<nav [^>]*aria-label="Pagination"/);
    expect(html).toContain('data-size="sm"');
    expect(html).toMatch(/<button[^>]*aria-label="Page 3"[^>]*aria-current="page"[^>]*>3<\/button>/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-label="Page 22"/);
  });

  it('renders the page-size selector with the chosen size selected', () => {
    const html = render({ current: 1, total: 437, pageSize: 50 });
    expect(html).toMatch(/<select[^>]*aria-label="Items per page"/);
    expect(html).toMatch(/<option value="50" selected="">50 \/ page<\/option>/);
  });

  it('renders the range and total with showTotal', () => {
    const html = render({ current: 2, total: 437, pageSize: 20, showTotal: true });
    expect(html).toContain('21–40 of 437');
  });

  it('disables First and Previous on page 1 and keeps Next enabled', () => {
    const html = render({ current: 1, total: 100 });
    expect(html).toMatch(/<button[^>]*data-nav="first"[^>]*disabled=""/);
    expect(html).toMatch(/<button[^>]*data-nav="previous"[^>]*disabled=""/);
    expect(html).not.toMatch(/<button[^>]*data-nav="next"[^>]*disabled=""/);
  });

  it('announces nothing in the live region on the server (only changes are announced)', () => {
    const html = render({ current: 5, total: 1000 });
    expect(html).toMatch(/<span [^>]*role="status"[^>]*><\/span>/);
  });

  it('renders an uncontrolled control at defaultCurrent and a huge total without trouble', () => {
    const html = render({ defaultCurrent: 7, total: 1e12 });
    expect(html).toMatch(/aria-label="Page 7"[^>]*aria-current="page"/);
    expect(html).toContain('aria-label="Page 50,000,000,000"');
  });
});
