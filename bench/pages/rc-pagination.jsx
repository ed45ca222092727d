import 'rc-pagination/assets/index.css';
import Pagination from 'rc-pagination';
import enUS from 'rc-pagination/es/locale/en_US';

// rc-pagination 5 takes the size changer as a render prop; a native <select> is the cheapest one.
const sizeChangerRender = ({ size, onSizeChange, options, disabled, className, 'aria-label': label }) => (
  <select
    className={className}
    aria-label={label}
    disabled={disabled}
    value={size}
    onChange={(e) => onSizeChange(e.target.value)}
  >
    {options.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ))}
  </select>
);

export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination
    locale={enUS}
    total={total}
    current={page}
    pageSize={pageSize}
    pageSizeOptions={[10, 20, 50, 100]}
    showSizeChanger
    sizeChangerRender={sizeChangerRender}
    onChange={onChange}
  />
);
