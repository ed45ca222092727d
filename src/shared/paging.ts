/** Rows per page when nothing else is said: the control, the hooks and the query options share it. */
export const DEFAULT_PAGE_SIZE = 20;

/** The largest `size` the service serves (Spring Data's default `max-page-size`): the mock enforces it, the proxy's `maxSize` defaults to it. */
export const MAX_PAGE_SIZE = 1000;
