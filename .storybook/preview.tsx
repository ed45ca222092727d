import type { Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { STORY_API_BASE, createStoryService } from '../stories/support/storyService';
import '../src/pagination/styles.css';
import './preview.css';

// Every story runs against the mock service: no network, no credentials. A request no story handler
// answers fails loudly if it is meant for the API or would leave this origin; Storybook's and Vite's own
// files (modules, styles, fonts) on this origin load as usual.
function failUnhandled(request: Request, error: () => void): void {
  const url = new URL(request.url);
  const api = url.pathname === STORY_API_BASE || url.pathname.startsWith(`${STORY_API_BASE}/`);
  if (url.origin === globalThis.location.origin && !api) return;
  error();
  // MSW 2.15's print.error() only logs; throwing is what fails the request (MSW answers it with a 500).
  throw new Error(`No mock handles ${request.method} ${request.url}: a story must not reach the network`);
}

// MSW 2 calls onUnhandledRequest with the request; MSW 3 renamed it onUnhandledFrame and passes a network frame (a
// request, or a WebSocket connection, which no story opens). Each version reads its own name and ignores the other.
const unhandled = {
  onUnhandledRequest: (request: Request, print: { error: () => void }) => failUnhandled(request, print.error),
  onUnhandledFrame: ({ frame, defaults }: { frame: MswFrame; defaults: { error: () => void } }) => {
    if (frame.protocol === 'http' && frame.data.request) failUnhandled(frame.data.request, defaults.error);
  },
};
/** The part of an MSW 3 network frame read here. */
interface MswFrame {
  protocol: string;
  data: { request?: Request };
}

initialize({
  quiet: true,
  // Relative to the page, so the static build works from any sub-path (e.g. https://example.com/docs/pagewise/).
  serviceWorker: { url: './mockServiceWorker.js' },
  ...unhandled,
});

// Docs pages show several stories at once, and MSW keeps the handlers of the last one loaded: every story without
// handlers of its own (and so every docs page) answers from this default mock service.
const { service: defaultService } = createStoryService();

// react-docgen leaves a one-line JSDoc's `@default x` inside the description: the props table shows it as the default.
type ArgTypes = Parameters<NonNullable<Preview['argTypesEnhancers']>[number]>[0]['argTypes'];
const inlineDefaults = ({ argTypes }: { argTypes: ArgTypes }): ArgTypes =>
  Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]) => {
      const match = argType?.description?.match(/^([\s\S]*?)\s*@default\s+([\s\S]+?)\s*$/);
      if (!match) return [name, argType];
      const table = { ...argType.table, defaultValue: argType.table?.defaultValue ?? { summary: match[2]! } };
      return [name, { ...argType, description: match[1], table }];
    }),
  );

const preview: Preview = {
  loaders: [mswLoader],
  argTypesEnhancers: [inlineDefaults],
  parameters: {
    // The themed surface below pads every story itself; Storybook's own padding on top would leave a 320 px phone
    // viewport a 256 px control (the responsive tests measure the surface at 320 px: a 288 px control).
    layout: 'fullscreen',
    controls: { expanded: true },
    msw: { handlers: defaultService.handlers },
    options: {
      storySort: {
        order: [
          'Introduction',
          'Guides',
          [
            'From zero to a table',
            'Pagination',
            'Data hooks',
            'Services that page by cursor',
            'Authentication and the proxy',
            'Next.js',
            'React Router',
            'Tables',
            'Changing rows',
            'Across pages',
            'Theming',
            'Testing your app',
            'Observability',
          ],
          'Reference',
          ['Pagination', 'Client and authentication', 'Data hooks', 'TanStack Table', 'Mock service'],
          'Pagination',
          'Data',
        ],
      },
    },
    a11y: { test: 'error' },
    // The widths the responsive tests measure (test/a11y/responsive.browser.test.tsx), for looking at them by hand.
    viewport: {
      options: {
        phone320: { name: 'Phone 320', styles: { width: '320px', height: '640px' }, type: 'mobile' },
        phone375: { name: 'Phone 375', styles: { width: '375px', height: '667px' }, type: 'mobile' },
        tablet768: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
      },
    },
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
