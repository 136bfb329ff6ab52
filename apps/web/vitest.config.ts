import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { BUILD_CONSTANTS } from './build-plugins/build-constants.ts';

export default defineProject({
  plugins: [react()],
  define: BUILD_CONSTANTS,
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // above the UI waits' 10 s (test/setup.ts), so a slow machine is not a failure
    testTimeout: 30_000,
  },
});
