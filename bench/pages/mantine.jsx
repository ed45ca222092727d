import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Pagination.css';
import { MantineProvider, Pagination } from '@mantine/core';

// The provider sits above the state, as it would at an app's root, so it does not re-render per change.
export const Wrapper = ({ children }) => <MantineProvider>{children}</MantineProvider>;

export const Control = ({ total, page, pageSize, onChange }) => (
  <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={(p) => onChange(p, pageSize)} />
);
