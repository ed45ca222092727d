import type { Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
import '../src/pagination/styles.css';
import './preview.css';

// Every story runs against the mock service: no network, no credentials.
initialize({ onUnhandledRequest: 'bypass', quiet: true });

const preview: Preview = {
  loaders: [mswLoader],
  parameters: {
    controls: { expanded: true },
    a11y: { test: 'error' },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      const theme = context.parameters.theme ?? context.globals.theme ?? 'light';
      return (
        <div data-theme={theme} className="pw-story-surface">
          <Story />
        </div>
      );
    },
  ],
};

export default preview;
