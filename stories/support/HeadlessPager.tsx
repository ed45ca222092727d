// Headless: usePagination gives the state, the page window and each control's props (the ARIA, and in link mode the
// href and a click that stays in the app); the markup and its styles are yours. The Pagination guide shows this file
// as its example.
import { usePagination, type UsePaginationOptions } from '../../src/pagination/index';

export function HeadlessPager(options: UsePaginationOptions) {
  const p = usePagination({ ...options, getPageHref: (page) => `?page=${page}` });
  return (
    <nav aria-label="Custom pagination" className="my-pager">
      <a {...p.getArrowProps('previous')}>Back</a>
      {p.items.map((item) =>
        item.type === 'page' ? (
          <a key={item.page} {...p.getPageProps(item.page)}>
            {item.page}
          </a>
        ) : (
          <span key={item.position} title={`Pages ${item.from}–${item.to}`}>
            ⋯
          </span>
        ),
      )}
      <a {...p.getArrowProps('next')}>Forward</a>
      <output>
        {p.current} / {p.pageCount}
      </output>
    </nav>
  );
}
