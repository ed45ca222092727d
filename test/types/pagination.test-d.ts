// Type tests: checked by `tsc -p tsconfig.json` (the type-check step of `npm test`); a wrong type is a compile error.
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { getPageItems, Pagination, usePagination } from '../../src/index';
import type { PageItem, PaginationProps } from '../../src/index';

describe('Pagination props', () => {
  it('has the seed table’s props with its names and types, all optional', () => {
    expectTypeOf<PaginationProps>().toHaveProperty('current').toEqualTypeOf<number | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('total').toEqualTypeOf<number | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('pageSize').toEqualTypeOf<number | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('pageSizeOptions').toEqualTypeOf<number[] | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('showSizeChanger').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('showTotal').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('disabled').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('size').toEqualTypeOf<'sm' | 'md' | 'lg' | undefined>();
    expectTypeOf<PaginationProps>().toHaveProperty('className').toEqualTypeOf<string | undefined>();
    expectTypeOf<PaginationProps>()
      .toHaveProperty('onChange')
      .toEqualTypeOf<((page: number, pageSize: number) => void) | undefined>();
    expectTypeOf<PaginationProps>()
      .toHaveProperty('onSizeChange')
      .toEqualTypeOf<((current: number, size: number) => void) | undefined>();
    expectTypeOf<Record<string, never>>().toExtend<PaginationProps>();
  });

  it('is what the Pagination component accepts', () => {
    expectTypeOf<ComponentProps<typeof Pagination>>().toEqualTypeOf<PaginationProps>();
  });

  it('rejects sizes and callbacks outside the seed’s types', () => {
    // @ts-expect-error 'xl' is not a size variant
    expectTypeOf<{ size: 'xl' }>().toExtend<PaginationProps>();
    // @ts-expect-error pageSizeOptions are numbers
    expectTypeOf<{ pageSizeOptions: string[] }>().toExtend<PaginationProps>();
    // @ts-expect-error onChange receives numbers, not strings
    expectTypeOf<{ onChange: (page: string) => void }>().toExtend<PaginationProps>();
  });

  it('accepts the additions users expect', () => {
    expectTypeOf<{
      defaultCurrent: number;
      defaultPageSize: number;
      siblingCount: number;
      boundaryCount: number;
      locale: string;
      'aria-label': string;
      labels: { next: string };
    }>().toExtend<PaginationProps>();
  });
});

describe('headless layer', () => {
  it('getPageItems returns a union discriminated by type', () => {
    const items = getPageItems({ current: 1, pageCount: 10, siblingCount: 1, boundaryCount: 1 });
    expectTypeOf(items).toExtend<readonly PageItem[]>();
    const item = items[0];
    if (item?.type === 'page') expectTypeOf(item.page).toBeNumber();
  });

  it('usePagination gives the handlers to render custom markup', () => {
    type Result = ReturnType<typeof usePagination>;
    expectTypeOf<Result>().toHaveProperty('goTo').toBeFunction();
    expectTypeOf<Result>().toHaveProperty('next').toBeFunction();
    expectTypeOf<Result>().toHaveProperty('previous').toBeFunction();
    expectTypeOf<Result>().toHaveProperty('first').toBeFunction();
    expectTypeOf<Result>().toHaveProperty('last').toBeFunction();
    expectTypeOf<Result>().toHaveProperty('setPageSize').toBeFunction();
  });
});
