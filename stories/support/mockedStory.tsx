import type { ReactNode } from 'react';
import type { StoryObj } from '@storybook/react-vite';
import type { ApiClient } from '../../src/client/index';
import type { MockService, MockServiceOptions } from '../../src/testing/index';
import { StoryProviders } from './StoryProviders';
import { createStoryService } from './storyService';

/**
 * A story on a mock service of its own: its MSW handlers, fresh mock state before each run (`prepare`
 * may then queue failures), and a QueryClient per mount. Spread `story` and add a `play` function.
 */
export function mockedStory(
  content: () => ReactNode,
  options: MockServiceOptions = {},
  prepare?: (service: MockService) => void,
): { service: MockService; client: ApiClient; story: StoryObj } {
  const { service, client } = createStoryService(options);
  const story: StoryObj = {
    parameters: { msw: { handlers: service.handlers } },
    beforeEach: () => {
      service.reset();
      prepare?.(service);
    },
    render: () => <StoryProviders client={client}>{content()}</StoryProviders>,
  };
  return { service, client, story };
}
