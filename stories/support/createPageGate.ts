import { http } from 'msw';
import type { MockService } from '../../src/testing/index';

/** A gate for one page of a story's mock service, from `createPageGate`. */
export interface PageGate {
  /** An MSW handler to put before the service's handlers. */
  handler: ReturnType<typeof http.get>;
  /** From now on, list requests for the page wait until `release()`. */
  hold: () => void;
  /** Lets held requests through; later ones pass at once. */
  release: () => void;
}

/**
 * Holds list requests for the zero-based `wirePage` of `service` while held, so a play function can see the
 * loading state for as long as it needs; other requests, and all of them when not held, fall through to the mock.
 */
export function createPageGate(service: MockService, wirePage: number): PageGate {
  let held: Promise<void> | null = null;
  let open = () => {};
  const handler = http.get(
    ({ request }) => {
      const url = new URL(request.url);
      return (
        url.origin === globalThis.location.origin &&
        url.pathname.startsWith(`${service.baseUrl}/`) &&
        url.searchParams.get('page') === String(wirePage)
      );
    },
    async () => {
      if (held) await held;
      // No response: the request falls through to the mock service.
      return undefined;
    },
  );
  return {
    handler,
    hold: () => {
      held = new Promise<void>((resolve) => (open = resolve));
    },
    release: () => {
      held = null;
      open();
    },
  };
}
