import { describe, expect, it } from 'vitest';
import { isInvalidArgumentError, parseListCall } from '../../src/client/index';
import { demoOrganizationIds } from '../../src/testing/index';

const { acme } = demoOrganizationIds;

describe('parseListCall', () => {
  it('keeps only the call’s fields', () => {
    expect(
      parseListCall({ resource: 'shares', organizationId: acme, page: 1, size: 20, signal: 'x', extra: 1 }),
    ).toStrictEqual({ resource: 'shares', organizationId: acme, page: 1, size: 20 });
  });

  it.each([
    ['call', null],
    ['call', [1]],
    ['resource', { organizationId: acme, page: 1, size: 20 }],
    ['organizationId', { resource: 'shares', organizationId: '../admin', page: 1, size: 20 }],
    ['page', { resource: 'shares', organizationId: acme, page: 1.5, size: 20 }],
    ['filters.page', { resource: 'shares', organizationId: acme, page: 1, size: 20, filters: { page: 3 } }],
  ])('refuses a call with a bad `%s`', (argument, input) => {
    try {
      parseListCall(input);
      expect.unreachable('parseListCall accepted it');
    } catch (error) {
      expect(isInvalidArgumentError(error)).toBe(true);
      expect((error as { argument: string }).argument).toBe(argument);
    }
  });
});

describe('parseListCall with a cursor', () => {
  it('keeps a cursor call’s cursor, cursorParam and page, and needs no page beside a cursor', () => {
    expect(
      parseListCall({ resource: 'shares', organizationId: acme, size: 5, cursor: 'abc', cursorParam: 'after' }),
    ).toStrictEqual({ resource: 'shares', organizationId: acme, size: 5, cursor: 'abc', cursorParam: 'after' });
    expect(
      parseListCall({ resource: 'shares', organizationId: acme, size: 5, cursor: 'https://x.test/a', page: 4 }),
    ).toStrictEqual({ resource: 'shares', organizationId: acme, size: 5, cursor: 'https://x.test/a', page: 4 });
  });

  it.each([
    ['page', { size: 5 }],
    ['cursor', { size: 5, cursor: '' }],
    ['cursor', { size: 5, cursor: 'x'.repeat(4097) }],
    ['cursor', { size: 5, cursor: 7 }],
    ['cursorParam', { size: 5, cursor: 'abc', cursorParam: 'a b' }],
  ])('refuses a call with a bad `%s`', (argument, fields) => {
    try {
      parseListCall({ resource: 'shares', organizationId: acme, ...fields });
      expect.unreachable('parseListCall accepted it');
    } catch (error) {
      expect(isInvalidArgumentError(error) && error.argument).toBe(argument);
    }
  });
});
