import { Pagination } from '@mui/material';

export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination count={Math.ceil(total / pageSize)} page={page} onChange={(_, p) => onChange(p, pageSize)} />
);
