import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import type { StoryObj } from '@storybook/react-vite';
import type { ApiClient } from '../../src/client/index';
import type { MockService, MockServiceOptions } from '../../src/testing/index';
import { StoryProviders } from './StoryProviders';
import { createStoryService } from './storyService';

/** A story on a mock service of its own, as `mockedStory` returns it. */
export interface MockedStory {
  /** The story's mock service: its request log, failures and latency. */
  service: MockService;
  /** The API client the story's hooks use. */
  client: ApiClient;
  /** Spread into the story object, then add a `play` function. */
  story: StoryObj;
  /** The QueryClient of the current run, for the play function to read the cache and wait for idle. */
  queryClient: () => QueryClient;
}

/**
 * A story on a mock service of its own: its MSW handlers, fresh mock state and a fresh QueryClient before
 * each run (`prepare` may then queue failures). Spread `story` and add a `play` function.
 */
export function mockedStory(
  content: () => ReactNode,
  options: MockServiceOptions = {},
  prepare?: (service: MockService) => void,
): MockedStory {
  const { service, client } = createStoryService(options);
  let current: QueryClient | undefined;
  const story: StoryObj = {
    parameters: { msw: { handlers: service.handlers } },
    beforeEach: () => {
      service.reset();
      current = new QueryClient();
      prepare?.(service);
    },
    render: () => (
      <StoryProviders client={client} queryClient={current}>
        {content()}
      </StoryProviders>
    ),
  };
  const queryClient = () => {
    if (!current) throw new Error('mockedStory: the story has not run yet, so it has no QueryClient');
    return current;
  };
  return { service, client, story, queryClient };
}
