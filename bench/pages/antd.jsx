import { Pagination } from 'antd';

export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination
    total={total}
    current={page}
    pageSize={pageSize}
    pageSizeOptions={[10, 20, 50, 100]}
    showSizeChanger
    onChange={onChange}
  />
);
