/**
 * Delivery of the built web app and of API replies (issue 16): compressed copies by
 * Accept-Encoding, caching, robots.txt, no source maps, HEAD like GET — against the real app
 * serving a dist directory laid out as `vite build` leaves it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/index.ts';
import { CACHE_IMMUTABLE, compressReplies } from '../src/plugins/web-delivery.ts';
import { createTestDatabase } from './app.ts';

const ROBOTS = readFileSync(new URL('../../web/public/robots.txt', import.meta.url), 'utf8');
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Syllabot</title>
<script type="module" crossorigin src="/assets/index-AbC123.js"></script></head>
<body><div id="root"></div>${'<!-- padding so it is compressed -->'.repeat(40)}</body></html>`;
/** As the web build writes it (apps/web/vite.config.ts): route → files that page loads at once. */
const PAGE_PRELOADS = {
  '/': ['/assets/index-Ab.css', '/assets/index-AbC123.js', '/assets/landing-page-Xy.js'],
  '/chat/:chatUuid': ['/assets/index-Ab.css', '/assets/index-AbC123.js', '/assets/chat-Zz.js'],
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
  withCopies('assets/index-AbC123.js', SCRIPT);
  writeFileSync(path.join(dist, 'assets/index-AbC123.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(path.join(dist, 'assets/tiny-XyZ789.js'), 'export {};\n');
  writeFileSync(path.join(dist, 'robots.txt'), ROBOTS);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite/page-preloads.json'), JSON.stringify(PAGE_PRELOADS));
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

  it('serves index.html for every page route, revalidated on each visit, compressed when accepted', async () => {
    for (const url of [...pages, '/index.html', '/?trial=active']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varies(res.headers.vary), url).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX_HTML);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(INDEX_HTML);
    }
  });

  it('names the files a landing page loads in a Link header, for the browser to fetch them at once', async () => {
    const chat = await get(`/chat/${randomUUID()}`, 'br');
    expect(chat.headers.link).toBe(
      '</assets/index-Ab.css>; rel=preload; as=style; crossorigin, ' +
        '</assets/index-AbC123.js>; rel=modulepreload, </assets/chat-Zz.js>; rel=modulepreload',
    );
    expect((await get('/')).headers.link).toContain(
      '</assets/landing-page-Xy.js>; rel=modulepreload',
    );
    for (const url of ['/dashboard', '/terms', '/chat', '/chat/', `/chat/${randomUUID()}/more`])
      expect((await get(url)).headers.link, url).toBeUndefined();
    // the list itself is not served
    expect((await get('/.vite/page-preloads.json')).statusCode).toBe(404);
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
