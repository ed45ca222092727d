import type { MockService } from '../../src/testing/index';

/** A gate for one page of a story's mock service, from `createPageGate`. */
export interface PageGate {
  /** From now on, list requests for the page wait until `release()`. */
  hold: () => void;
  /** Lets held requests through; later ones take `latencyMs` again. */
  release: () => void;
}

/**
 * Holds list requests for the zero-based `wirePage` of `service` while held (through the mock's latency), so a
 * play function can see the loading state for as long as it needs; other pages take `latencyMs` as usual.
 */
export function createPageGate(service: MockService, wirePage: number, latencyMs: number): PageGate {
  let open = () => {};
  return {
    hold: () => {
      const held = new Promise<void>((resolve) => (open = resolve));
      service.setLatency(({ page }) => (page === wirePage ? held : latencyMs));
    },
    release: () => {
      service.setLatency(latencyMs);
      open();
    },
  };
}
