import { renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { useApiClient } from '../../src/hooks/index';
import { createTestQueryClient, createWrapper } from './support';

const provided = createApiClient({ baseUrl: 'https://api.pagewise.test' });
const other = createApiClient({ baseUrl: 'https://other.pagewise.test' });

it("returns the nearest ApiClientProvider's client, and the client argument wins over it", () => {
  const wrapper = createWrapper(createTestQueryClient(), provided);
  expect(renderHook(() => useApiClient(), { wrapper }).result.current).toBe(provided);
  expect(renderHook(() => useApiClient(other), { wrapper }).result.current).toBe(other);
});

it('throws the argument error for `client`, naming ApiClientProvider and the client option, when there is neither', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  let thrown: unknown;
  try {
    renderHook(() => useApiClient());
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TypeError);
  expect(thrown).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'client' });
  expect(() => renderHook(() => useApiClient())).toThrow(
    "pagewise: `client` must be given: useApiClient() found no API client. Wrap your components in <ApiClientProvider client={createApiClient({ baseUrl })}> (from 'pagewise'), or pass the `client` option.",
  );
  vi.mocked(console.error).mockRestore();
});

it('in a production build, names the missing client and the hook without the ways to fix it', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubEnv('NODE_ENV', 'production');
  try {
    expect(() => renderHook(() => useApiClient())).toThrow(
      /^pagewise: `client` must be given: useApiClient\(\) found no API client\.$/,
    );
  } finally {
    vi.unstubAllEnvs();
    vi.mocked(console.error).mockRestore();
  }
});
