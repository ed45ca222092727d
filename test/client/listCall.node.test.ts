import { describe, expect, it } from 'vitest';
import { isInvalidArgumentError, parseListCall } from '../../src/client/index';
import { demoOrganizationIds } from '../../src/testing/index';

const { acme } = demoOrganizationIds;

describe('parseListCall', () => {
  it('keeps only the call’s fields', () => {
    expect(
      parseListCall({ resource: 'shares', organizationId: acme, page: 0, size: 20, signal: 'x', extra: 1 }),
    ).toStrictEqual({ resource: 'shares', organizationId: acme, page: 0, size: 20 });
  });

  it.each([
    ['call', null],
    ['call', [1]],
    ['resource', { organizationId: acme, page: 0, size: 20 }],
    ['organizationId', { resource: 'shares', organizationId: '../admin', page: 0, size: 20 }],
    ['page', { resource: 'shares', organizationId: acme, page: 1.5, size: 20 }],
    ['filters.page', { resource: 'shares', organizationId: acme, page: 0, size: 20, filters: { page: 2 } }],
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
