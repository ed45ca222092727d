import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // Start's plugin before React's: it compiles server functions out of the browser's bundle first.
  plugins: [tanstackStart(), viteReact()],
  logLevel: 'warn',
});
