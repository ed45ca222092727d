import type { MockService } from './types';
import { invalidArgument } from '../shared/assert';

/** Hooks the HTTP adapter uses; kept off the public `MockService` surface. */
export interface MockServiceInternals {
  /** Also serve the API at `baseUrl` and tokens at `authUrl` (and accept `baseUrl` as an audience); returns a function undoing it. */
  addOrigin(urls: { baseUrl: string; authUrl: string }): () => void;
}

const internals = new WeakMap<MockService, MockServiceInternals>();

/** Registers the internals of a service. */
export function setMockServiceInternals(service: MockService, value: MockServiceInternals): void {
  internals.set(service, value);
}

/** The internals of a service made by `createMockService`. */
export function getMockServiceInternals(service: MockService): MockServiceInternals {
  const value = internals.get(service);
  if (!value) throw invalidArgument('service', 'must come from createMockService()');
  return value;
}
