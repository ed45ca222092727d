import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';

const config: StorybookConfig = {
  // The guides (MDX) first, then the components' and the data stories.
  stories: ['../stories/docs/*.mdx', '../stories/docs/reference/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: [
    // GitHub-flavoured Markdown in the guides: MDX alone leaves tables as raw `|` text.
    {
      name: '@storybook/addon-docs',
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // MSW's service worker is served from public/ so every story runs on the built-in mock service.
  staticDirs: ['../public'],
  // This site is about pagewise, not about Storybook: no onboarding checklist, no "what's new" notifications.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
