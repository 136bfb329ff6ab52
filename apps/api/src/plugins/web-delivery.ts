/**
 * How the built web app and the API's replies travel:
 *
 * - API replies of 1 KB or more are compressed (brotli or gzip, as the client accepts; `Vary:
 *   Accept-Encoding`); event streams are left alone and request bodies are never inflated.
 * - The SPA's files are served as built: the brotli or gzip copy made at build time (x.js.br,
 *   x.js.gz, see apps/web/vite.config.ts) when the client accepts it, else the file itself.
 * - Hashed files under /assets are cached for a year (`immutable`); index.html, which names them,
 *   is revalidated on every visit (`no-cache`); other files (robots.txt) for an hour.
 * - Source maps (*.map) are never served.
 * - The pages visitors land on cold (landing, terms, student chat) get their HTML rendered at build
 *   (decision 011), which paints before any script runs and which the browser hydrates. They name
 *   what they need at once in a `Link` header: the stylesheet, the API replies they ask for (the
 *   chat's class), then the entry's chunks and the page's own, so the browser fetches all of it
 *   beside the entry rather than after the entry has run. The build lists them (.vite/pages.json,
 *   written by apps/web/vite.config.ts).
 * - Other page routes (GET and HEAD, no file extension, outside /api) get index.html: the client
 *   router shows the SPEC route or redirects unknown paths to /. Anything else not found is a 404.
 */
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import { AppError } from '../errors.ts';

/** A Content-Security-Policy source that allows the inline script `script`, and no other. */
export const cspHashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

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

/** The folder of the pages rendered at build (PAGES_DIR in apps/web/build-plugins/prerender.ts). */
const PAGES_DIR = 'pages';

function cacheControl(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] === 'assets') return CACHE_IMMUTABLE;
  const isIndex = relative.length === 1 && /^index\.html(\.br|\.gz)?$/.test(relative[0]!);
  if (isIndex || relative[0] === PAGES_DIR) return CACHE_REVALIDATE;
  return CACHE_OTHER_FILES;
}

/** Written by the web build (apps/web/vite.config.ts): route → its page's HTML and chunks. */
const PAGES_MANIFEST = '.vite/pages.json';

type LandingPage = {
  segments: string[];
  /** the page's HTML rendered at build, relative to the root (index.html when absent) */
  html: string | undefined;
  /** `Link` header entries of the stylesheets and scripts it loads at once */
  styles: string[];
  scripts: string[];
  /** API paths it fetches at once, with the route's `:name` segments in them */
  data: string[];
};

/** The build's landing pages (none for an older build). */
function readLandingPages(root: string): LandingPage[] {
  const file = path.join(root, PAGES_MANIFEST);
  if (!existsSync(file)) return [];
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { html?: string; preloads: string[]; data?: string[] }
  >;
  return Object.entries(routes).map(([route, { html, preloads, data = [] }]) => ({
    data,
    segments: route.split('/'),
    html: html !== undefined && existsSync(path.join(root, html)) ? html : undefined,
    // as index.html loads them: stylesheets and module scripts in CORS mode (crossorigin)
    styles: preloads
      .filter((file) => file.endsWith('.css'))
      .map((file) => `<${file}>; rel=preload; as=style; crossorigin`),
    scripts: preloads
      .filter((file) => !file.endsWith('.css'))
      .map((file) => `<${file}>; rel=modulepreload`),
  }));
}

/** A path segment that may go into a `Link` header as it is (a uuid, a slug). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The landing page a path shows, with its `Link` header: a route's `:name` segment matches any
 * one segment, and names that segment in the API paths the page fetches at once (preloaded only
 * when it is plain: a uuid, not something that could break out of the header).
 */
function landingPageFor(
  pages: LandingPage[],
  pathname: string,
): { html: string | undefined; link: string | undefined } | undefined {
  const segments = pathname.split('/');
  const page = pages.find(
    (route) =>
      route.segments.length === segments.length &&
      route.segments.every((s, i) => (s.startsWith(':') ? segments[i] !== '' : s === segments[i])),
  );
  if (!page) return undefined;
  const params = new Map(
    page.segments.flatMap((s, i) => (s.startsWith(':') ? [[s, segments[i]!] as const] : [])),
  );
  const data = [...params.values()].every((value) => PLAIN_SEGMENT.test(value))
    ? page.data.map((apiPath) =>
        apiPath
          .split('/')
          .map((s) => params.get(s) ?? s)
          .join('/'),
      )
    : [];
  // as the page fetches them: fetch()'s defaults, same-origin credentials (crossorigin)
  const dataLinks = data.map((apiPath) => `<${apiPath}>; rel=preload; as=fetch; crossorigin`);
  // the stylesheet (the first paint waits for it), then the data (small, and what the page waits
  // for once its code has run, so it should not queue behind the code), then the code
  const link = [...page.styles, ...dataLinks, ...page.scripts].join(', ');
  return { html: page.html, link: link || undefined };
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
  const landingPages = root ? readLandingPages(root) : [];
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // one route per file found at start (GET and HEAD); the compressed copies, the source maps
      // and the rendered pages (sent only for their routes) get none, so /x.js.map is a 404
      wildcard: false,
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz', `${PAGES_DIR}/**`],
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
      const page = landingPageFor(landingPages, pathname);
      if (page?.link) reply.header('link', page.link);
      return reply.sendFile(page?.html ?? 'index.html', root);
    }
    throw new AppError('NOT_FOUND', `No route for ${request.method} ${pathname}`);
  });
}
