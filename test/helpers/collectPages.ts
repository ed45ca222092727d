import type { Page } from '../../src/client/index';

/** Every page a walk yields, in order. */
export async function collectPages<T>(pages: AsyncIterable<Page<T>>): Promise<Array<Page<T>>> {
  const seen: Array<Page<T>> = [];
  for await (const page of pages) seen.push(page);
  return seen;
}

/** The ids of the rows of `pages`, in order. */
export const idsOf = (pages: Array<Page<{ id: string }>>): string[] =>
  pages.flatMap((page) => page.items.map((row) => row.id));
