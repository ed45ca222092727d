// Random page moves against a keyset service over real HTTP, with rows inserted between requests: the paged hook
// never shows a page under another number, and "load more" never repeats or skips a row.
import { act, renderHook, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { useInfiniteShares, useShares, type ListCursor } from '../../src/hooks/index';
import { ORG } from '../client/fixtures';
import { CURSOR_STYLES, cursorService, makeRows, type CursorStyle, type Row } from '../helpers/cursorService';
import type { ReceivedRequest, Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { createTestQueryClient, createWrapper } from './support';

const server = localServerForFile();
const SIZE = 5;

/** A row as the keyset fixture serves it: with the response it came in, so a test knows how it was reached. */
interface ServedRow extends Row {
  served: number;
}

/**
 * A keyset service (rows after the cursor's last id, `page` ignored) whose every next-page cursor is new, so the
 * test knows how many cursor steps from the first page each response took: a token (`nextPageToken`), or a
 * next-page URL (`next`).
 */
function keysetFixture(way: 'token' | 'url', rows: Row[]) {
  /** Cursor steps from the first page of each cursor handed out; of each response, by its number. */
  const depthOfCursor = new Map<string, { after: string; depth: number }>();
  const depthOfResponse: number[] = [];
  const handler = (request: ReceivedRequest): Reply => {
    const cursor = request.query.get(way === 'token' ? 'pageToken' : 'after');
    const from = cursor === null ? { after: '', depth: 1 } : depthOfCursor.get(cursor);
    if (!from) return { status: 400, body: { error: 'unknown cursor' } };
    const sorted = [...rows].sort((a, b) => a.id.localeCompare(b.id));
    const rest = sorted.filter((row) => row.id > from.after);
    const served = depthOfResponse.push(from.depth) - 1;
    const items: ServedRow[] = rest.slice(0, SIZE).map((row) => ({ ...row, served }));
    let next: string | undefined;
    if (rest.length > SIZE) {
      next = `c${served}-${items.at(-1)!.id}`;
      depthOfCursor.set(next, { after: items.at(-1)!.id, depth: from.depth + 1 });
    }
    if (way === 'token') return { body: next ? { items, nextPageToken: next } : { items } };
    const url = next && `http://${request.headers.host}${request.path}?after=${next}&size=${SIZE}`;
    return { body: { results: items, next: url ?? null, previous: null } };
  };
  return { handler, depthOfResponse };
}

/** A new id that sorts right after `id` and before the next original one. */
let inserted = 0;
const insertAfter = (rows: Row[], index: number) => {
  const anchor = [...rows].sort((a, b) => a.id.localeCompare(b.id))[index % rows.length]!;
  const id = `${anchor.id}x${++inserted}`;
  rows.push({ id, name: `Share ${id}` });
  return id;
};

type Move =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'jump'; to: number }
  | { type: 'reload'; withCursor: boolean }
  | { type: 'insert'; at: number };

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.constant({ type: 'next' as const }),
  fc.constant({ type: 'previous' as const }),
  fc.integer({ min: 1, max: 9 }).map((to) => ({ type: 'jump' as const, to })),
  fc.boolean().map((withCursor) => ({ type: 'reload' as const, withCursor })),
  fc.nat({ max: 40 }).map((at) => ({ type: 'insert' as const, at })),
);

describe('paged hook over a keyset service, random moves with rows inserted between requests', () => {
  it('shows a page as n only when it was reached by n − 1 cursor steps from the first page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'token' | 'url'>('token', 'url'),
        fc.integer({ min: 8, max: 32 }),
        fc.array(move, { minLength: 1, maxLength: 10 }),
        async (way, count, moves) => {
          const rows = makeRows(count);
          const fixture = keysetFixture(way, rows);
          server.handle(fixture.handler);
          const mount = (initial: { page: number; cursor?: ListCursor | undefined }) => {
            const queryClient = createTestQueryClient();
            const hook = renderHook(
              () =>
                useShares<ServedRow>({
                  organizationId: ORG,
                  pageSize: SIZE,
                  defaultPage: initial.page,
                  cursor: initial.cursor,
                }),
              { wrapper: createWrapper(queryClient, createApiClient({ baseUrl: server.origin })) },
            );
            return { hook, queryClient };
          };
          let { hook, queryClient } = mount({ page: 1 });
          const settle = () =>
            waitFor(() => {
              const { data, isPlaceholderData, pagination } = hook.result.current;
              expect(queryClient.isFetching()).toBe(0);
              expect(data && !isPlaceholderData).toBe(true);
              expect(data!.page).toBe(pagination.current);
            });
          const check = () => {
            const { data, pagination } = hook.result.current;
            const responses = new Set(data!.items.map((row) => row.served));
            // One response's rows, and that response was reached by current − 1 cursor steps.
            expect(responses.size).toBeLessThanOrEqual(1);
            for (const served of responses) expect(fixture.depthOfResponse[served]).toBe(pagination.current);
            // Only the first page is ever asked for without a cursor, or a page past the end is empty.
            if (pagination.current > 1 && data!.items.length === 0) expect(data!.hasNext).toBe(false);
          };
          await settle();
          check();
          for (const step of moves) {
            const { current, hasNext } = hook.result.current.pagination;
            if (step.type === 'insert') insertAfter(rows, step.at);
            else if (step.type === 'reload') {
              // A reload from the URL: the page and its cursor, or (a link without it) the page alone.
              const cursor = step.withCursor ? hook.result.current.cursor : undefined;
              hook.unmount();
              ({ hook, queryClient } = mount({ page: current, cursor }));
            } else {
              const to =
                step.type === 'next'
                  ? hasNext === false
                    ? current
                    : current + 1
                  : step.type === 'previous'
                    ? Math.max(1, current - 1)
                    : step.to;
              act(() => hook.result.current.pagination.onChange(to, SIZE));
            }
            await settle();
            check();
          }
          hook.unmount();
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe.each(CURSOR_STYLES)('"load more" on a %s service with rows inserted between requests', (style) => {
  it('never repeats a row and never skips one that was there, or that arrived ahead of the list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 24 }),
        fc.array(
          fc.oneof(
            fc.constant({ type: 'more' as const }),
            fc.constant({ type: 'refetch' as const }),
            fc.nat({ max: 40 }).map((at) => ({ type: 'insert' as const, at })),
          ),
          { maxLength: 12 },
        ),
        async (count, steps) => {
          const rows = makeRows(count);
          const original = rows.map((row) => row.id);
          server.handle(cursorService(style as CursorStyle, () => rows));
          const queryClient = createTestQueryClient();
          const { result, unmount } = renderHook(
            () => {
              const list = useInfiniteShares<Row>({ organizationId: ORG, pageSize: SIZE });
              // Read while rendering, as a list component does: TanStack re-renders for the fields read.
              void [list.rows, list.hasNextPage, list.error];
              return list;
            },
            { wrapper: createWrapper(queryClient, createApiClient({ baseUrl: server.origin })) },
          );
          const mustLoad = new Set(original);
          // Whether a row was inserted behind the end of a list whose only hint of more is page 1's guess (a full page
          // with no cursor, as a service that sends no next link on a list's only page answers).
          let guessOutdated = false;
          const settle = () =>
            waitFor(() => {
              expect(queryClient.isFetching()).toBe(0);
              expect(result.current.error ?? result.current.data).toBeDefined();
              expect(result.current.error).toBeNull();
            });
          const check = () => {
            const loaded = result.current.rows.map((row) => row.id);
            // No repeat: ascending without a duplicate.
            for (let i = 1; i < loaded.length; i++) expect(loaded[i]! > loaded[i - 1]!).toBe(true);
            // No skip: every row that must be there, up to the last row loaded, is there.
            const last = loaded.at(-1) ?? '';
            for (const id of mustLoad) if (id <= last) expect(loaded).toContain(id);
            if (!result.current.hasNextPage) expect([...mustLoad].filter((id) => !loaded.includes(id))).toEqual([]);
          };
          await settle();
          check();
          for (const step of [...steps, ...Array.from({ length: 8 }, () => ({ type: 'more' as const }))]) {
            if (step.type === 'insert') {
              const last = result.current.rows.at(-1)?.id ?? '';
              const id = insertAfter(rows, step.at);
              const guessing =
                result.current.hasNextPage && result.current.data!.pages.at(-1)!.nextCursor === undefined;
              // A guessing list asks page 2 by number, and a service that ignores `page` answers page 1 as it is now.
              // Its next link leads on from that answer's last row; once a row lands behind the end, that row is one
              // before the last row held, so following it would repeat a row, and the list ends instead: no cursor
              // leads to the rows after the last one held, so rows ahead of it are out of reach until a refetch.
              if (guessing && id < last) {
                guessOutdated = true;
                for (const ahead of mustLoad) if (ahead > last) mustLoad.delete(ahead);
              }
              // A row ahead of a list still loading is one it must reach; one behind it belongs to pages already read,
              // and one after a list that has ended waits for a refetch.
              if (result.current.hasNextPage && id > last && !(guessing && guessOutdated)) mustLoad.add(id);
            } else if (step.type === 'refetch') {
              await act(() => result.current.refetch());
              guessOutdated = false;
              // A refetch reads the list again from its first page: every row up to the end is now there.
              for (const row of rows) if (row.id <= (result.current.rows.at(-1)?.id ?? '')) mustLoad.add(row.id);
            } else act(() => result.current.loadMore());
            await settle();
            check();
          }
          unmount();
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
