// Headless: usePagination gives the state and the page window; the markup is yours.
import { usePagination } from 'pagewise';

export function MyPager({ total }: { total: number }) {
  const p = usePagination({ total, defaultPageSize: 20 });
  return (
    <nav aria-label="Pages">
      <button type="button" onClick={p.previous} disabled={!p.hasPrevious}>Previous</button>
      {p.items.map((item, i) =>
        item.type === 'page' ? (
          <button key={i} type="button" aria-current={item.selected ? 'page' : undefined} onClick={() => p.goTo(item.page)}>
            {item.page}
          </button>
        ) : (
          <span key={i}>…</span>
        ),
      )}
      <button type="button" onClick={p.next} disabled={!p.hasNext}>Next</button>
    </nav>
  );
}
