import ReactPaginateModule from 'react-paginate';

// The package is a CommonJS bundle; under Node-style interop its default export sits on `.default`.
const ReactPaginate = ReactPaginateModule.default ?? ReactPaginateModule;

// react-paginate's `forcePage` is its controlled, zero-based page.
export const Control = ({ total, page, pageSize, onChange }) => (
  <ReactPaginate
    pageCount={Math.ceil(total / pageSize)}
    forcePage={page - 1}
    pageRangeDisplayed={3}
    marginPagesDisplayed={1}
    onPageChange={({ selected }) => onChange(selected + 1, pageSize)}
  />
);
