import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREACT_ALIASES } from './build-plugins/preact.ts';

/** A file inside an installed package, past its `exports` map. */
const packageFile = (name: string, file: string) =>
  join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // its ES module build, whose imports of react-dom go through the aliases (its CommonJS
      // build would require React DOM itself)
      {
        find: /^@testing-library\/react$/,
        replacement: packageFile('@testing-library/react', 'dist/@testing-library/react.esm.js'),
      },
      // the same for React Router, whose "node" export is CommonJS
      {
        find: /^react-router$/,
        replacement: packageFile('react-router', 'dist/development/index.mjs'),
      },
      ...PREACT_ALIASES,
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // libraries are bundled through the aliases too, so they render with Preact as in the build
    server: { deps: { inline: true } },
    // above the UI waits' 10 s (test/setup.ts), so a slow machine is not a failure
    testTimeout: 30_000,
  },
});
