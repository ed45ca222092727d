/** An organization id in the seed's UUID format. */
export const ORG = '3f2c8a61-5b7e-4d0a-9c1f-2e6b8d4a7c90';

/** A Spring Data `Page` body with `total` rows, as the default parser reads it. */
export function springPage(rows: unknown[], total: number, number = 0, size = 20): Record<string, unknown> {
  return {
    content: rows,
    totalElements: total,
    totalPages: Math.ceil(total / size),
    number,
    size,
    first: number === 0,
  };
}
