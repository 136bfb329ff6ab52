/**
 * Renders the public pages to HTML once the app is built (decision 011): each page's markup, from
 * the server build of src/prerender/entry-server.tsx, goes into #root of the built index.html,
 * with the page's tab title, as dist/pages/{name}.html (and its brotli and gzip copies, as the
 * other text files have). The server sends it for the page's route (apps/api's web-delivery.ts),
 * and the browser hydrates it (src/main.tsx).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PrerenderedPage } from '../src/prerender/entry-server.tsx';

/** Where the built pages go, inside the client build's folder. */
export const PAGES_DIR = 'pages';

/**
 * Marks a root whose markup the build rendered: the stylesheet hides it while a session is stored
 * (the markup is the signed-out view; src/index.css, the contracts' SESSION_MARK_SCRIPT).
 */
export const PRERENDERED = 'data-prerendered';

/** The client build's index.html holds this empty root, where a page's markup goes. */
const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/** Files this small are sent as they are (as vite.config.ts's compression threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** `/` → index, `/terms` → terms, `/chat/:chatUuid` → chat. */
export const pageFileName = (route: string) =>
  `${
    route
      .split('/')
      .filter((segment) => segment && !segment.startsWith(':'))
      .join('-') || 'index'
  }.html`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with `page` in its root and its title. */
export function pageDocument(indexHtml: string, page: PrerenderedPage): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  const withTitle =
    page.title === undefined
      ? indexHtml
      : indexHtml.replace(TITLE, `<title>${escapeHtml(page.title)}</title>`);
  // a function, so that `$` in the markup is never read as a replacement pattern
  return withTitle.replace(EMPTY_ROOT, () => `<div id="root" ${PRERENDERED}>${page.html}</div>`);
}

function writeWithCompressedCopies(file: string, text: string): void {
  const bytes = Buffer.from(text);
  writeFileSync(file, bytes);
  if (bytes.length < COMPRESS_FROM_BYTES) return;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Renders each route with the server build's `renderPage` and writes its page; returns the file
 * of each route, relative to `outDir`.
 */
export async function prerenderPages(options: {
  /** the server build of src/prerender/entry-server.tsx */
  serverEntry: string;
  /** the client build's folder (holds index.html) */
  outDir: string;
  routes: string[];
}): Promise<Record<string, string>> {
  const { renderPage } = (await import(pathToFileURL(options.serverEntry).href)) as {
    renderPage(path: string): Promise<PrerenderedPage>;
  };
  const indexHtml = readFileSync(join(options.outDir, 'index.html'), 'utf8');
  mkdirSync(join(options.outDir, PAGES_DIR), { recursive: true });
  const files: Record<string, string> = {};
  for (const route of options.routes) {
    // a route's `:name` segment is rendered as it is: the shell names no class
    const page = await renderPage(route);
    const file = `${PAGES_DIR}/${pageFileName(route)}`;
    writeWithCompressedCopies(join(options.outDir, file), pageDocument(indexHtml, page));
    files[route] = file;
  }
  return files;
}
