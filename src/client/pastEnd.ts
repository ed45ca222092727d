import { isHttpError } from './errors/HttpError';
import { invalidArgument } from '../shared/assert';
import type { Page } from './types';

/** The argument error unless `status` is an HTTP error status (400–599) or undefined. */
export function assertPastEndStatus(status: unknown): asserts status is number | undefined {
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599))
    throw invalidArgument('pastEndStatus', 'must be an HTTP error status from 400 to 599', status);
}

/**
 * Whether `error` is the service's refusal of a page past the last, which the seed's service answers with an empty
 * page instead: the status the client was told of (asked of a page after the first by its number: a cursor never
 * leads past the end, and page 1 past the end is an empty list's, never refused).
 */
export const isPastEnd = (error: unknown, status: number | undefined): boolean =>
  isHttpError(error) && error.status === status;

/**
 * Page `page` past the last as the seed's service answers it: no rows, none after, and the count the list's first
 * page gave. The hooks then move to the last page, as after deletes, without stepping back one page at a time.
 */
export const pastEndPage = <T>(first: Page<T>, page: number): Page<T> => ({
  ...first,
  items: [],
  page,
  hasNext: false,
  hasPrevious: true,
  nextCursor: undefined,
  cursorParam: undefined,
});
