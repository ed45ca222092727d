import '../../src/pagination/styles.css';
import { Pagination } from '../../src/index';

export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination total={total} current={page} pageSize={pageSize} onChange={onChange} />
);
