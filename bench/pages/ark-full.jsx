import { Pagination } from '@ark-ui/react/pagination';

// Ark UI given what pagewise renders besides the page list, so the two can be compared like for like:
// first/last triggers, a native page-size <select> and a polite live region announcing the page.
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};
const sizes = [10, 20, 50, 100];

export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination.Root
    count={total}
    pageSize={pageSize}
    page={page}
    siblingCount={1}
    onPageChange={(d) => onChange(d.page, d.pageSize)}
    onPageSizeChange={(d) => onChange(1, d.pageSize)}
  >
    <Pagination.FirstTrigger>First</Pagination.FirstTrigger>
    <Pagination.PrevTrigger>Previous</Pagination.PrevTrigger>
    <Pagination.Context>
      {(pagination) => (
        <>
          {pagination.pages.map((item, index) =>
            item.type === 'page' ? (
              <Pagination.Item key={index} {...item}>
                {item.value}
              </Pagination.Item>
            ) : (
              <Pagination.Ellipsis key={index} index={index}>
                &#8230;
              </Pagination.Ellipsis>
            ),
          )}
          <Pagination.NextTrigger>Next</Pagination.NextTrigger>
          <Pagination.LastTrigger>Last</Pagination.LastTrigger>
          <select
            aria-label="Items per page"
            value={pagination.pageSize}
            onChange={(e) => pagination.setPageSize(Number(e.target.value))}
          >
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s} / page
              </option>
            ))}
          </select>
          <span role="status" aria-live="polite" style={hidden}>
            Page {pagination.page} of {pagination.totalPages}
          </span>
        </>
      )}
    </Pagination.Context>
  </Pagination.Root>
);
