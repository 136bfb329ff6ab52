/**
 * How the built web app and the API's replies travel (issue 16, "fast on a student's phone"):
 *
 * - API replies of 1 KB or more are compressed (brotli or gzip, as the client accepts; `Vary:
 *   Accept-Encoding`); event streams are left alone and request bodies are never inflated.
 * - The SPA's files are served as built: the brotli or gzip copy made at build time (x.js.br,
 *   x.js.gz, see apps/web/vite.config.ts) when the client accepts it, else the file itself.
 * - Hashed files under /assets are cached for a year (`immutable`); index.html, which names them,
 *   is revalidated on every visit (`no-cache`); other files (robots.txt) for an hour.
 * - Source maps (*.map) are never served.
 * - Page routes (GET and HEAD, no file extension, outside /api) get index.html: the client router
 *   shows the SPEC route or redirects unknown paths to /. Anything else not found is a 404.
 * - The pages visitors land on (landing, terms, student chat) name the files they need at once in
 *   a `Link` header (the stylesheet and the entry's chunks first, then the page's own chunks), so
 *   the browser fetches the page's chunks beside the entry's rather than after the entry has run
 *   (the build lists them: pagePreloads() in apps/web/vite.config.ts).
 */
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import { AppError } from '../errors.ts';

/** Replies smaller than this go uncompressed: below it, compression saves next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
const CACHE_OTHER_FILES = 'public, max-age=3600';

/**
 * Compression of the replies of every route added after it (it attaches itself to each route as
 * it is added): register it after serveWebApp, before the API.
 */
export async function compressReplies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // bodies are read as sent: no gzip-encoded uploads inflating past their limits
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // quality 4: most of brotli's gain for a fraction of the CPU of 11 (static files get 11)
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

function cacheControl(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] === 'assets') return CACHE_IMMUTABLE;
  if (relative.length === 1 && /^index\.html(\.br|\.gz)?$/.test(relative[0]!))
    return CACHE_REVALIDATE;
  return CACHE_OTHER_FILES;
}

/** Written by the web build (apps/web/vite.config.ts): route → chunks its page loads. */
const PAGE_PRELOADS = '.vite/page-preloads.json';

type PagePreload = { segments: string[]; link: string };

/** The build's page preloads, as a `Link` header value per route (none for an older build). */
function readPagePreloads(root: string): PagePreload[] {
  const file = path.join(root, PAGE_PRELOADS);
  if (!existsSync(file)) return [];
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return Object.entries(routes)
    .filter(([, files]) => files.length > 0)
    .map(([route, files]) => ({
      segments: route.split('/'),
      link: files
        .map((file) =>
          // as index.html loads them: stylesheets and module scripts in CORS mode (crossorigin)
          file.endsWith('.css')
            ? `<${file}>; rel=preload; as=style; crossorigin`
            : `<${file}>; rel=modulepreload`,
        )
        .join(', '),
    }));
}

/** The `Link` header for a page path: a route's `:name` segment matches any one segment. */
function preloadFor(preloads: PagePreload[], pathname: string): string | undefined {
  const segments = pathname.split('/');
  return preloads.find(
    (route) =>
      route.segments.length === segments.length &&
      route.segments.every((s, i) => (s.startsWith(':') ? segments[i] !== '' : s === segments[i])),
  )?.link;
}

/** A path that names a file (its last segment has an extension), not a page. */
const FILE_PATH = /\.[^/]*$/;

/**
 * The built SPA from `webDist` (when it holds an index.html) and the not-found handler: index.html
 * for page routes, the SPEC §8 404 for the rest. Register before compressReplies, so that it
 * leaves these files alone: the text files come compressed from the build, the rest are small or
 * already compressed (images).
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<void> {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  const preloads = root ? readPagePreloads(root) : [];
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // one route per file found at start (GET and HEAD); the compressed copies and the source
      // maps get none, so /x.js.map is a 404
      wildcard: false,
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControl(root, file));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage =
      root &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== '/api' &&
      !pathname.startsWith('/api/') &&
      !FILE_PATH.test(pathname);
    if (isPage) {
      const link = preloadFor(preloads, pathname);
      if (link) reply.header('link', link);
      return reply.sendFile('index.html', root);
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
