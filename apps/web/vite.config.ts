import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PREACT_ALIASES } from './build-plugins/preact.ts';
import { pureContractSchemas } from './build-plugins/pure-contract-schemas.ts';

/**
 * The public pages a visitor lands on, by route (as in src/app/routes.tsx, `:name` for a segment),
 * and the module each loads lazily.
 */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/features/landing/landing-page.tsx',
  '/terms': 'src/features/legal/terms-page.tsx',
  '/chat/:chatUuid': 'src/features/student-chat/student-chat-page.tsx',
};

/** Where the server finds, for each landing page, the chunks to preload (never served). */
const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/**
 * Writes PAGE_PRELOADS_FILE: for each of LANDING_PAGES, every file the page needs at once — the
 * stylesheet and chunks index.html loads, then the page's own chunk and the chunks it imports. The
 * server names them in a `Link` header of that page's HTML (apps/api/src/plugins/web-delivery.ts),
 * so the browser fetches the page's chunks beside the entry chunk instead of after it has run, and
 * the entry's first.
 */
function pagePreloads(): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is Rolldown.OutputChunk => c.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (start: Rolldown.OutputChunk, into = new Set<string>()) => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const file of start.imports) {
          const chunk = byFile.get(file);
          if (chunk) withImports(chunk, into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('no entry chunk');
      const loadedByIndex = withImports(entry);
      const stylesheets = [...(entry.viteMetadata?.importedCss ?? [])];
      const preloads: Record<string, string[]> = {};
      for (const [route, module] of Object.entries(LANDING_PAGES)) {
        const page = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(module));
        if (!page) this.error(`${module} (${route}) is not a lazily loaded chunk`);
        const ownChunks = [...withImports(page)].filter((file) => !loadedByIndex.has(file));
        preloads[route] = [...stylesheets, ...loadedByIndex, ...ownChunks].map(
          (file) => `/${file}`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/** The module of a landing page, or undefined. */
const landingPageOf = (id: string) =>
  Object.values(LANDING_PAGES).find((module) => id.endsWith(`/${module}`));

const ENTRY_MODULE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * For each module, which roots load it through static imports: 'entry' (src/main.tsx, what
 * index.html loads), a landing page's module, or 'other' (any other lazily loaded module: the
 * teacher's pages, dialogs loaded on demand).
 */
function rootsByModule(ctx: Rolldown.ChunkingContext): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>();
  const roots: [string, string][] = [[ENTRY_MODULE, 'entry']];
  const queued = new Set([ENTRY_MODULE]);
  while (roots.length > 0) {
    const [rootId, label] = roots.shift()!;
    const stack = [rootId];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      let labels = reached.get(id);
      if (!labels) reached.set(id, (labels = new Set()));
      labels.add(label);
      stack.push(...info.importedIds);
      for (const lazy of info.dynamicallyImportedIds) {
        if (queued.has(lazy)) continue;
        queued.add(lazy);
        roots.push([lazy, landingPageOf(lazy) ?? 'other']);
      }
    }
  }
  return reached;
}

const rootsMemo = new WeakMap<Rolldown.ChunkingContext, Map<string, Set<string>>>();

/**
 * One chunk, 'public', for the code that only the landing pages load and that two or more of them
 * share (the chat bubbles and sources, the top bar, the footer…), rather than a dozen small chunks
 * each a request of its own on a phone's connection. Everything else is split as usual.
 */
function chunkName(id: string, ctx: Rolldown.ChunkingContext): string | null {
  let reached = rootsMemo.get(ctx);
  if (!reached) rootsMemo.set(ctx, (reached = rootsByModule(ctx)));
  const roots = reached.get(id);
  if (!roots || roots.has('entry')) return null;
  const pages = [...roots].filter((root) => root !== 'other');
  return pages.length >= 2 ? 'public' : null;
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    pagePreloads(),
    pureContractSchemas(fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url))),
    // Brotli and gzip copies next to each text asset (x.js.br, x.js.gz), made once at build at the
    // highest levels; the server picks one by Accept-Encoding (plugins/web-delivery.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/,
      exclude: /^\.vite\//,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...PREACT_ALIASES,
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // Source maps are written for debugging but not linked from the bundles; the server never
  // serves *.map files.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router looks `useOptimistic` up and falls back without it; Preact has none (decision 010)
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic'))
          return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // every icon the app uses, one chunk (a few KB) rather than one request per icon
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // only the modules chunkName names: their dependencies stay where they are (most are
            // in the entry chunk already)
            {
              name: chunkName,
              debugName: 'public',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
