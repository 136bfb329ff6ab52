// Compiles the API server to plain JavaScript with esbuild: apps/api/dist/server.js and the
// extraction workers' dist/extraction-worker.js. Our source and @app/contracts are bundled;
// every npm package stays an import from node_modules. Runtime files (migrations, word vectors,
// the web build) are found from apps/api (src/paths.ts), so nothing else is copied.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');
const outdir = path.join(api, 'dist');
const started = performance.now();

/** npm packages stay external; our workspace packages (@app/…) are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(api, 'src/server.ts'),
    'extraction-worker': path.join(api, 'src/features/extraction/worker-entry.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // stack traces of the compiled server point into the TypeScript source
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(
  `Built the server in ${Math.round(performance.now() - started)} ms: ${path.relative(process.cwd(), outdir)}/server.js`,
);
