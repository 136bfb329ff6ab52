import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
    maxWorkers: 2,
  },
});
