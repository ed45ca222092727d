/** The largest `size` the service serves (Spring Data's default `max-page-size`): the mock enforces it, the proxy's `maxSize` defaults to it. */
export const MAX_PAGE_SIZE = 1000;
