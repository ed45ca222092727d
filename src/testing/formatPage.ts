import { HttpResponse } from 'msw';
import type { ApiRecord, ListResource } from '../client/index';
import type { MockCursorShape, MockResponseShape } from './types';
import { pageCountOf, toWirePage } from '../shared/paging';

/** One page of rows and where it sits, before it is put in a response shape. */
export interface PageSlice {
  /** Resource listed, which names HAL's `_embedded` key. */
  resource: ListResource;
  /** Rows of this page. */
  items: ApiRecord[];
  /** Total rows. */
  total: number;
  /** Zero-based page index. */
  page: number;
  /** Page size asked for. */
  size: number;
  /** The request URL, for HAL links. */
  url: URL;
}

const UNSORTED = { empty: true, sorted: false, unsorted: true };

function pageMetadata(slice: PageSlice) {
  return {
    size: slice.size,
    number: slice.page,
    totalElements: slice.total,
    totalPages: Math.ceil(slice.total / slice.size),
  };
}

function pageLink(url: URL, page: number, size: number): { href: string } {
  const link = new URL(url);
  link.searchParams.set('page', String(page));
  link.searchParams.set('size', String(size));
  return { href: link.href };
}

function halLinks(slice: PageSlice) {
  // The last page's wire number (zero-based): an empty list still has its one empty page.
  const lastPage = toWirePage(pageCountOf(slice.total, slice.size));
  return {
    first: pageLink(slice.url, 0, slice.size),
    ...(slice.page > 0 ? { prev: pageLink(slice.url, Math.min(slice.page - 1, lastPage), slice.size) } : {}),
    self: pageLink(slice.url, slice.page, slice.size),
    ...(slice.page < lastPage ? { next: pageLink(slice.url, slice.page + 1, slice.size) } : {}),
    last: pageLink(slice.url, lastPage, slice.size),
  };
}

/** GitHub-style `Link` header: `first` and `last` always, `prev` and `next` when there is one. */
function linkHeader(slice: PageSlice): string {
  const { first, prev, next, last } = halLinks(slice);
  return Object.entries({ first, prev, next, last })
    .flatMap(([rel, link]) => (link ? [`<${link.href}>; rel="${rel}"`] : []))
    .join(', ');
}

/** Spring Data's `PageImpl` (`counted`) or `SliceImpl` as Jackson writes them: a Slice has no totals. */
function springBody(slice: PageSlice, hasNext: boolean, counted: boolean) {
  const { items, total, page, size } = slice;
  const totalPages = Math.ceil(total / size);
  return {
    content: items,
    pageable: { pageNumber: page, pageSize: size, sort: UNSORTED, offset: page * size, paged: true, unpaged: false },
    last: counted ? page >= totalPages - 1 : !hasNext,
    ...(counted ? { totalElements: total, totalPages } : {}),
    size,
    number: page,
    sort: UNSORTED,
    first: page === 0,
    numberOfElements: items.length,
    empty: items.length === 0,
  };
}

/** The JSON response for a page in the given shape, as the Java/REST stacks such services serialize it. */
export function formatPage(shape: Exclude<MockResponseShape, MockCursorShape>, slice: PageSlice): Response {
  const { items, total, page, size } = slice;
  // Whether rows follow this page: what the shapes without a total say instead of counting.
  const hasNext = (page + 1) * size < total;
  switch (shape) {
    case 'paged-model':
      return HttpResponse.json({ content: items, page: pageMetadata(slice) });
    case 'hal':
      return HttpResponse.json(
        {
          ...(items.length > 0 ? { _embedded: { [slice.resource]: items } } : {}),
          _links: halLinks(slice),
          page: pageMetadata(slice),
        },
        { headers: { 'Content-Type': 'application/hal+json' } },
      );
    case 'array':
      return HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });
    case 'items':
      return HttpResponse.json({ items, total });
    case 'slice':
      // Spring Data's SliceImpl as Jackson writes it: a Page without totalElements and totalPages.
      return HttpResponse.json(springBody(slice, hasNext, false));
    case 'link':
      return HttpResponse.json(items, { headers: { Link: linkHeader(slice) } });
    case 'has-more':
      return HttpResponse.json({ object: 'list', data: items, has_more: hasNext });
    case 'next':
      // Django REST Framework's cursor pagination: no count, links to the neighbours or null.
      return HttpResponse.json({
        next: hasNext ? pageLink(slice.url, page + 1, size).href : null,
        previous: page > 0 ? pageLink(slice.url, page - 1, size).href : null,
        results: items,
      });
    case 'bare-array':
      return HttpResponse.json(items);
    case 'estimate':
      // A service that guesses its size (a planner's row count) until the end of the list tells the exact one.
      return HttpResponse.json(
        hasNext ? { items, totalEstimate: Number(total.toPrecision(2)), has_more: true } : { items, total },
      );
    case 'spring-page':
      return HttpResponse.json(springBody(slice, hasNext, true));
  }
}
