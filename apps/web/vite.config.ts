import { defineConfig, type Plugin, type Rolldown, type ViteBuilder } from 'vite';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { BUILD_CONSTANTS } from './build-plugins/build-constants.ts';
import { prerenderPages } from './build-plugins/prerender.ts';
import { pureContractSchemas } from './build-plugins/pure-contract-schemas.ts';
import { SESSION_MARK_SCRIPT } from '../../packages/contracts/src/web-page.ts';

/**
 * The public pages a visitor lands on, by route (as in src/app/routes.tsx, `:name` for a segment),
 * and the module each loads lazily.
 */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/features/landing/landing-page.tsx',
  '/terms': 'src/features/legal/terms-page.tsx',
  '/chat/:chatUuid': 'src/features/student-chat/student-chat-page.tsx',
};

/**
 * The API replies a landing page asks for as soon as it runs, by route (a route's `:name` is that
 * segment of the page's path): the server names them in the page's `Link` header, so they arrive
 * beside the page's code instead of after it has run. The page must fetch them as fetch() does by
 * default (GET, same-origin credentials), or the browser fetches them twice.
 */
const PAGE_DATA: Record<string, string[]> = {
  '/chat/:chatUuid': ['/api/chat/session/:chatUuid'],
};

/**
 * Where the server finds, for each landing page, its HTML (rendered at build), the chunks to
 * preload and the API replies it fetches at once (never served):
 * `{ [route]: { html, preloads, data } }`.
 */
const PAGES_FILE = '.vite/pages.json';

type PagesManifest = Record<string, { html?: string; preloads: string[]; data: string[] }>;

/**
 * Writes PAGES_FILE's preloads: for each of LANDING_PAGES, every file the page needs at once — the
 * stylesheet and chunks index.html loads, then the page's own chunk and the chunks it imports. The
 * server names them in a `Link` header of that page's HTML (apps/api/src/plugins/web-delivery.ts),
 * so the browser fetches the page's chunks beside the entry chunk instead of after it has run, and
 * the entry's first.
 */
function pagePreloads(): Plugin {
  return {
    name: 'page-preloads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
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
      const pages: PagesManifest = {};
      for (const [route, module] of Object.entries(LANDING_PAGES)) {
        // the chunk that holds the page's module (chunkName() puts it with the code only it loads)
        const page = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
        if (!page || loadedByIndex.has(page.fileName))
          this.error(`${module} (${route}) is not in a lazily loaded chunk`);
        const ownChunks = [...withImports(page)].filter((file) => !loadedByIndex.has(file));
        pages[route] = {
          preloads: [...stylesheets, ...loadedByIndex, ...ownChunks].map((file) => `/${file}`),
          data: PAGE_DATA[route] ?? [],
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGES_FILE,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

/** The module of a landing page, or undefined. */
const landingPageOf = (id: string) =>
  Object.values(LANDING_PAGES).find((module) => id.endsWith(`/${module}`));

const ENTRY_MODULE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/** lucide-react's index module: it re-exports every icon (thousands) by name. */
const LUCIDE_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const iconFilesMemo = new WeakMap<Rolldown.ChunkingContext, Map<string, string>>();

/**
 * The icon modules a module imports from lucide-react, by the names it imports: through the index
 * module every icon would look loaded by every module that shows one. The index's lines read
 * `export { default as ArrowRight, … } from './icons/arrow-right.mjs'`.
 */
function lucideIconsImportedBy(info: Rolldown.ModuleInfo, ctx: Rolldown.ChunkingContext): string[] {
  const index = info.importedIds.find((id) => LUCIDE_INDEX.test(id));
  if (!index || !info.code) return [];
  let files = iconFilesMemo.get(ctx);
  if (!files) {
    files = new Map();
    const code = ctx.getModuleInfo(index)?.code ?? '';
    for (const [, names, file] of code.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g))
      for (const name of names!.matchAll(/default as (\w+)/g))
        files.set(name[1]!, join(dirname(index), file!));
    iconFilesMemo.set(ctx, files);
  }
  const imported = [...info.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)]
    .flatMap(([, names]) => names!.split(','))
    .map((name) => name.trim().split(/\s+as\s+/)[0]!);
  return imported.flatMap((name) => files.get(name) ?? []);
}

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
      if (LUCIDE_INDEX.test(id)) continue; // its icons are reached by name, below
      stack.push(...info.importedIds, ...lucideIconsImportedBy(info, ctx));
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
 * The chunk of the app's own code (not a package's) that a landing page loads lazily: the code only
 * one landing page loads goes in that page's chunk, the code two or more share (the top bar, the
 * footer…) in one chunk, 'public'. A phone on a slow connection then fetches a few scripts rather
 * than a dozen small ones, each a round trip of its own; the teacher's pages import these chunks
 * where they need their code. (Packages, the contracts included, are reached through their index
 * modules, which would make every part of them look loaded by every page: rolldown splits them as
 * usual.) Null: not such code.
 */
const APP_SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

function chunkName(id: string, ctx: Rolldown.ChunkingContext): string | null {
  if (!id.startsWith(APP_SOURCE) && !LUCIDE_ICON.test(id)) return null;
  let reached = rootsMemo.get(ctx);
  if (!reached) rootsMemo.set(ctx, (reached = rootsByModule(ctx)));
  const pages = [...(reached.get(id) ?? [])].filter((root) => root !== 'entry' && root !== 'other');
  if (pages.length >= 2) return 'public';
  return pages[0] === undefined ? null : basename(pages[0]).replace(/\.tsx?$/, '');
}

const CLIENT_OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));
/** The server build of the pages, used by the build itself and removed once it has rendered them. */
const SERVER_OUT_DIR = fileURLToPath(new URL('./dist-prerender', import.meta.url));
const SERVER_ENTRY = 'src/prerender/entry-server.tsx';

/** Builds the browser's app and the pages' server renderer, then renders the pages to HTML. */
async function buildApp(builder: ViteBuilder): Promise<void> {
  await builder.build(builder.environments.client!);
  await builder.build(builder.environments.ssr!);
  const manifestFile = join(CLIENT_OUT_DIR, PAGES_FILE);
  const pages = JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest;
  const html = await prerenderPages({
    serverEntry: join(SERVER_OUT_DIR, 'entry-server.js'),
    outDir: CLIENT_OUT_DIR,
    routes: Object.keys(LANDING_PAGES),
  });
  for (const [route, file] of Object.entries(html)) pages[route]!.html = file;
  writeFileSync(manifestFile, `${JSON.stringify(pages, null, 2)}\n`);
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
}

/**
 * The contracts' SESSION_MARK_SCRIPT, inline and first in the head of index.html (and so of every
 * page): it must run before the page paints. The server allows it by its hash.
 */
const sessionMark = (): Plugin => ({
  name: 'session-mark',
  transformIndexHtml: () => [
    { tag: 'script', children: SESSION_MARK_SCRIPT, injectTo: 'head-prepend' },
  ],
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    sessionMark(),
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
  define: BUILD_CONSTANTS,
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  builder: { buildApp },
  environments: {
    client: {
      // Source maps are written for debugging but not linked from the bundles; the server never
      // serves *.map files.
      build: {
        outDir: CLIENT_OUT_DIR,
        sourcemap: 'hidden',
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What src/main.tsx loads, with the code lazily loaded chunks share with it, in the
                // entry chunk: rolldown would otherwise split the shared part into several common
                // chunks, each a request before anything can run.
                {
                  name: 'index',
                  tags: ['$initial'],
                  priority: 3,
                  includeDependenciesRecursively: false,
                },
                // only the modules chunkName names: their dependencies stay where they are
                {
                  name: chunkName,
                  debugName: 'landing pages',
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                // every other icon the app uses (the teacher's pages, the dialogs), one chunk of a
                // few KB rather than one request per icon
                {
                  name: 'icons',
                  test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: { ssr: SERVER_ENTRY, outDir: SERVER_OUT_DIR, emptyOutDir: true, copyPublicDir: false },
    },
  },
});
