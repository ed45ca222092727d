/** Rows per page when nothing else is said: the control, the hooks and the query options share it. */
export const DEFAULT_PAGE_SIZE = 20;
