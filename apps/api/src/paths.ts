import { fileURLToPath } from 'node:url';

// This file sits one level below apps/api both as TypeScript source (src/paths.ts) and inside the
// compiled server (dist/server.js, where esbuild inlines it): paths built from here hold in both.

/** The apps/api directory. */
export const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** True when running the compiled server (`npm start`), false when running the TypeScript source. */
export const COMPILED = import.meta.url.endsWith('.js');
