/**
 * Delivery of the built web app and of API replies: compressed copies by
 * Accept-Encoding, caching, robots.txt, no source maps, HEAD like GET, the pages rendered at build
 * (decision 011) — against the real app serving a dist directory laid out as `vite build` leaves it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MARK_SCRIPT } from '@app/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/index.ts';
import { CACHE_IMMUTABLE, compressReplies } from '../src/plugins/web-delivery.ts';
import { createTestDatabase } from './app.ts';

const ROBOTS = readFileSync(new URL('../../web/public/robots.txt', import.meta.url), 'utf8');
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Syllabot</title>
<script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>
<body><div id="root"></div>${'<!-- padding so it is compressed -->'.repeat(40)}</body></html>`;
/** A page rendered at build: the same document with its markup in #root. */
const pageHtml = (text: string) =>
  INDEX_HTML.replace('<div id="root"></div>', `<div id="root"><h1>${text}</h1></div>`);
const LANDING_HTML = pageHtml('Your syllabus, answering student questions');
const CHAT_HTML = pageHtml('Loading class chat');
/**
 * As the web build writes it (apps/web/vite.config.ts): route → the page's HTML rendered at build,
 * the files it loads at once, and the API replies it fetches at once.
 */
const PAGES = {
  '/': {
    html: 'pages/index.html',
    preloads: ['/assets/index-Ab.css', '/assets/index-AbC123.js', '/assets/landing-page-Xy.js'],
    data: [],
  },
  '/terms': { preloads: [], data: [] },
  '/chat/:chatUuid': {
    html: 'pages/chat.html',
    preloads: ['/assets/index-Ab.css', '/assets/index-AbC123.js', '/assets/chat-Zz.js'],
    data: ['/api/chat/session/:chatUuid'],
  },
};
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;

/** A dist directory as `vite build` leaves it: hashed assets with .br/.gz copies and maps. */
function writeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const withCopies = (file: string, text: string) => {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  };
  withCopies('index.html', INDEX_HTML);
  mkdirSync(path.join(dist, 'pages'));
  withCopies('pages/index.html', LANDING_HTML);
  withCopies('pages/chat.html', CHAT_HTML);
  withCopies('assets/index-AbC123.js', SCRIPT);
  writeFileSync(path.join(dist, 'assets/index-AbC123.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(path.join(dist, 'assets/tiny-XyZ789.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'robots.txt'), ROBOTS);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite/pages.json'), JSON.stringify(PAGES));
  return dist;
}

let app: FastifyInstance;
let db: Db;
let dist: string;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  dist = writeDist();
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  ({ db } = createDb(database.url, { max: 3 }));
  app = await buildApp({
    config: loadConfig({ PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent' }),
    db,
    jwtSecret: 'test-secret-that-is-long-enough-0123456789',
    logger: pino({ level: 'silent' }),
    webDist: dist,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await dropDatabase?.();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const varies = (vary: unknown) => String(vary ?? '').toLowerCase();

describe('static files', () => {
  it('serves the brotli copy to a browser that accepts it, the gzip copy otherwise, the file to others', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(varies(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/index-AbC123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varies(gzip.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers.vary)).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);

    // a file too small to have compressed copies is sent as it is
    const tiny = await get('/assets/tiny-XyZ789.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('caches hashed assets for a year, immutable', async () => {
    for (const encoding of [undefined, 'br', 'gzip']) {
      const res = await get('/assets/index-AbC123.js', encoding);
      expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never serves source maps or the compressed copies by their own names', async () => {
    for (const url of [
      '/assets/index-AbC123.js.map',
      '/assets/index-AbC123.js.br',
      '/assets/index-AbC123.js.gz',
      '/index.html.br',
      '/pages/index.html',
      '/pages/chat.html.br',
    ]) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('answers 404, not the app, for a file that is not there', async () => {
    for (const url of ['/assets/index-OldHash.js', '/favicon.ico', '/sitemap.xml']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
    }
  });
});

describe('pages', () => {
  const pages = ['/', '/terms', `/chat/${randomUUID()}`, '/dashboard', '/no/such/page'];

  it('serves each page its HTML rendered at build, index.html to the others, revalidated on each visit, compressed when accepted', async () => {
    const expected = [
      ['/', LANDING_HTML],
      ['/?trial=active', LANDING_HTML],
      [`/chat/${randomUUID()}`, CHAT_HTML],
      ['/terms', INDEX_HTML], // built without a rendered page: the app's shell
      ['/dashboard', INDEX_HTML],
      ['/no/such/page', INDEX_HTML],
      ['/index.html', INDEX_HTML],
      ['/chat', INDEX_HTML],
      [`/chat/${randomUUID()}/more`, INDEX_HTML],
    ] as const;
    for (const [url, html] of expected) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varies(res.headers.vary), url).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(html);
    }
  });

  it('names what a landing page loads at once in a Link header: its stylesheet, the API reply it asks for, its scripts', async () => {
    const chatUuid = randomUUID();
    const chat = await get(`/chat/${chatUuid}`, 'br');
    expect(chat.headers.link).toBe(
      '</assets/index-Ab.css>; rel=preload; as=style; crossorigin, ' +
        `</api/chat/session/${chatUuid}>; rel=preload; as=fetch; crossorigin, ` +
        '</assets/index-AbC123.js>; rel=modulepreload, </assets/chat-Zz.js>; rel=modulepreload',
    );
    expect((await get('/')).headers.link).toBe(
      '</assets/index-Ab.css>; rel=preload; as=style; crossorigin, ' +
        '</assets/index-AbC123.js>; rel=modulepreload, </assets/landing-page-Xy.js>; rel=modulepreload',
    );
    for (const url of ['/dashboard', '/terms', '/chat', '/chat/', `/chat/${randomUUID()}/more`])
      expect((await get(url)).headers.link, url).toBeUndefined();
    // the list itself is not served
    expect((await get('/.vite/pages.json')).statusCode).toBe(404);
  });

  it('preloads an API reply only for a plain path segment, never text that could leave the header', async () => {
    for (const segment of ['a%3E%3B%20rel%3Dpreload', 'x,y', 'x;y', '%0d%0aSet-Cookie:a', 'é']) {
      const res = await get(`/chat/${segment}`);
      expect(res.statusCode, segment).toBe(200);
      expect(res.body, segment).toBe(CHAT_HTML);
      expect(res.headers.link, segment).not.toContain('/api/');
      expect(res.headers.link, segment).toContain('</assets/chat-Zz.js>; rel=modulepreload');
    }
  });

  it("allows the pages' one inline script by its hash, and no other inline script", async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
    const hash = createHash('sha256').update(SESSION_MARK_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}' https://js.stripe.com`);
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const url of pages) {
      for (const encoding of [undefined, 'br, gzip']) {
        const got = await get(url, encoding);
        const head = await app.inject({
          method: 'HEAD',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(head.statusCode, url).toBe(200);
        expect(head.rawPayload.length, url).toBe(0);
        for (const name of [
          'content-type',
          'cache-control',
          'content-encoding',
          'vary',
          'etag',
          'link',
        ])
          expect(head.headers[name], `${url} ${name}`).toEqual(got.headers[name]);
      }
    }
    const asset = await app.inject({ method: 'HEAD', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.rawPayload.length).toBe(0);
    expect(asset.headers['cache-control']).toBe(CACHE_IMMUTABLE);
  });
});

describe('robots.txt', () => {
  /** Whether a crawler obeying the file's `User-agent: *` group may fetch `url` (longest rule wins). */
  function allowed(robots: string, url: string): boolean {
    const rules = robots
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .map((line) => /^(allow|disallow):\s*(\S*)$/i.exec(line))
      .filter((m): m is RegExpExecArray => m !== null && m[2] !== '')
      .map((m) => ({ allow: m[1]!.toLowerCase() === 'allow', path: m[2]! }));
    const match = rules
      .filter((rule) => url.startsWith(rule.path))
      .sort((a, b) => b.path.length - a.path.length)[0];
    return match ? match.allow : true;
  }

  it('is plain text that lets crawlers index the landing and terms pages only', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const url of ['/', '/terms', '/?ref=x'])
      expect(allowed(res.body, url), `${url} is indexable`).toBe(true);
    for (const url of [
      `/chat/${randomUUID()}`,
      '/chats',
      '/chat-history',
      '/install-success',
      '/dashboard',
      '/dashboard?trial=active',
      '/analytics',
      '/integrations',
      '/account',
      '/billing',
      '/api/health',
    ])
      expect(allowed(res.body, url), `${url} is disallowed`).toBe(false);
  });
});

describe('API replies', () => {
  it('compresses a large JSON reply when the client asks, and not when it does not', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const document = plain.json();

    const gzip = await get('/api/docs/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varies(gzip.headers.vary)).toContain('accept-encoding');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);

    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers.vary)).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);
  });

  it('sends a small JSON reply as it is', async () => {
    const res = await get('/api/health', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers HEAD on an API GET route like GET, without a body', async () => {
    const got = await get('/api/health');
    const head = await app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-type']).toBe(got.headers['content-type']);
  });

  it('keeps unknown API paths a JSON 404, never the app', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/api/no-such-route' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('leaves event streams alone: neither a streamed reply nor a hijacked one is compressed', async () => {
    const server = Fastify();
    await compressReplies(server);
    server.get('/events', async (_req, reply) =>
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .send(Readable.from([`event: delta\ndata: ${'x'.repeat(2000)}\n\n`])),
    );
    server.get('/hijacked', (_req, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      reply.raw.end(`event: done\ndata: ${'y'.repeat(2000)}\n\n`);
    });
    server.get('/json', async () => ({ text: 'z'.repeat(2000) }));
    await server.ready();
    for (const url of ['/events', '/hijacked']) {
      const res = await server.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toMatch(/^event: /);
    }
    const json = await server.inject({ url: '/json', headers: { 'accept-encoding': 'gzip' } });
    expect(json.headers['content-encoding']).toBe('gzip');
    await server.close();
  });

  it('does not inflate a gzip-encoded request body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    // the bytes reach the JSON parser as sent: a bad request, not a login attempt
    expect([400, 415, 422]).toContain(res.statusCode);
  });
});
