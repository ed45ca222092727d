// Headless: usePagination gives the state, the page window and each element's props (the accessible names,
// aria-current, aria-disabled, the ellipses hidden from screen readers, the live region and, in link mode, the href
// and a click that stays in the app); the markup and its styles are yours. The Pagination guide shows this file as
// its example.
import type { CSSProperties } from 'react';
import { usePagination, type UsePaginationOptions } from '../../src/pagination/index';

// Read by screen readers, not shown: the page is already written out beside the links.
const offScreen: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
};

export function HeadlessPager(options: UsePaginationOptions) {
  const p = usePagination({ ...options, getPageHref: options.getPageHref ?? ((page) => `?page=${page}`) });
  return (
    <nav {...p.getRootProps()} className="my-pager">
      <a {...p.getArrowProps('first')}>«</a>
      <a {...p.getArrowProps('previous')}>‹</a>
      {p.items.map((item) =>
        item.type === 'page' ? (
          <a key={item.page} {...p.getPageProps(item.page)}>
            {p.formatNumber(item.page)}
          </a>
        ) : (
          <span key={item.position} {...p.getEllipsisProps()}>
            …
          </span>
        ),
      )}
      <a {...p.getArrowProps('next')}>›</a>
      <a {...p.getArrowProps('last')}>»</a>
      <p>{p.statusText}</p>
      <span {...p.getStatusProps()} style={offScreen} />
    </nav>
  );
}
