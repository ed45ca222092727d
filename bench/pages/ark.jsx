import { Pagination } from '@ark-ui/react/pagination';

// Ark is headless: this is the markup its documentation shows for a page list.
export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination.Root
    count={total}
    pageSize={pageSize}
    page={page}
    siblingCount={1}
    onPageChange={(d) => onChange(d.page, d.pageSize)}
  >
    <Pagination.PrevTrigger>Previous</Pagination.PrevTrigger>
    <Pagination.Context>
      {(pagination) =>
        pagination.pages.map((item, index) =>
          item.type === 'page' ? (
            <Pagination.Item key={index} {...item}>
              {item.value}
            </Pagination.Item>
          ) : (
            <Pagination.Ellipsis key={index} index={index}>
              &#8230;
            </Pagination.Ellipsis>
          ),
        )
      }
    </Pagination.Context>
    <Pagination.NextTrigger>Next</Pagination.NextTrigger>
  </Pagination.Root>
);
