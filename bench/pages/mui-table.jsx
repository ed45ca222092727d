import { TablePagination } from '@mui/material';

// MUI's control with a page-size selector. Its `page` is zero-based.
export const Control = ({ total, page, pageSize, onChange }) => (
  <TablePagination
    component="div"
    count={total}
    page={page - 1}
    rowsPerPage={pageSize}
    rowsPerPageOptions={[10, 20, 50, 100]}
    onPageChange={(_, p) => onChange(p + 1, pageSize)}
    onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
  />
);
