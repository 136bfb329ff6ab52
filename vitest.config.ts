import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      // the build scripts and the web app's build plugins, in Node
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts', 'apps/web/build-plugins/**/*.test.ts'],
        },
      },
    ],
    maxWorkers: 2,
  },
});
