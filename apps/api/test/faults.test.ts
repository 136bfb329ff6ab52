/**
 * The fault suite: the real app under a steady load of real HTTP requests while its database
 * goes away (what a managed database's failover or restart does). Every reply is either what it
 * would have been or a 503 in the error shape with Retry-After; nothing is a 500; the process
 * survives (an unhandled connection error would end this test run); and the app recovers on its
 * own once the database is back. No assertion depends on the machine's speed: the load runs
 * until the scenario is done, whatever it saw meanwhile.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { createDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { createTestApp, type TestApp } from './app.ts';
import { registerTeacher } from './factories.ts';

type Seen = { path: string; status: number; body: string; retryAfter: string | null };

/** Requests that touch the database, sent by `workers` loops until `stop()`. */
function startLoad(baseUrl: string, auth: Record<string, string>, workers = 4) {
  const seen: Seen[] = [];
  let running = true;
  const paths = ['/api/health/ready', '/api/auth/profile', '/api/classes', '/api/billing/usage'];
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = w; running; i++) {
      const path = paths[i % paths.length]!;
      const res = await fetch(baseUrl + path, { headers: auth });
      seen.push({
        path,
        status: res.status,
        body: await res.text(),
        retryAfter: res.headers.get('retry-after'),
      });
    }
  });
  return {
    seen,
    /** lets the loops run until `count` more replies have come back */
    async replies(count: number) {
      const target = seen.length + count;
      while (seen.length < target) await new Promise((r) => setImmediate(r));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return seen;
    },
  };
}

/** Only what the app would answer anyway, or a 503 that says to retry, in the error shape. */
function expectOnlyAnswersOr503(seen: Seen[]) {
  const statuses = new Set(seen.map((s) => s.status));
  for (const status of statuses) expect([200, 503]).toContain(status);
  for (const s of seen.filter((x) => x.status === 503)) {
    if (s.path.startsWith('/api/health')) {
      // the readiness probe's own shape: it says the database is down
      expect(JSON.parse(s.body)).toMatchObject({ status: 'degraded', database: 'down' });
      continue;
    }
    expect(JSON.parse(s.body)).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(s.retryAfter).toBe('5');
  }
}

/** Asks until the app answers 200 again; the bound only ends a broken run. */
async function recovers(url: string, auth: Record<string, string>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(url, { headers: auth }).catch(() => undefined);
    if (res?.status === 200) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function terminateConnections(url: string, database: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
  } finally {
    await admin.end();
  }
}

async function listen(t: Pick<TestApp, 'app'>) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('the database drops every connection under load', () => {
  let t: (TestApp & { databaseUrl: string }) | undefined;
  afterAll(async () => t?.close());

  it('answers 503 with Retry-After meanwhile, never 500, and recovers by itself', async () => {
    t = await createTestApp();
    const base = await listen(t);
    const { auth } = await registerTeacher(t.app);
    const database = new URL(t.databaseUrl).pathname.slice(1);
    const load = startLoad(base, auth);
    await load.replies(40);
    for (let kill = 0; kill < 3; kill++) {
      await terminateConnections(t.databaseUrl, database);
      await load.replies(40);
    }
    const seen = await load.stop();
    expectOnlyAnswersOr503(seen);
    expect(await recovers(`${base}/api/classes`, auth)).toBe(true);
  }, 180_000);
});

describe('PostgreSQL stops and starts again under load', () => {
  let dir: string | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, never 500, and recovers once it is back', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'syllabot-faults-'));
    const dataDir = path.join(dir, 'pg');
    let server = await startEmbeddedPostgres({ dataDir, fast: true });
    const port = server.port;
    cleanups.push(() => server.stop());
    const url = server.connectionString('postgres');
    const { db, pool } = createDb(url, { max: 5, onError: () => {} });
    await migrate(pool);
    const app = await buildApp({
      config: loadConfig({ PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent' }),
      db,
      jwtSecret: 'test-secret-that-is-long-enough-0123456789',
      logger: pino({ level: 'silent' }),
    });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await db.destroy();
    });
    const base = await listen({ app });
    const { auth } = await registerTeacher(app);

    const load = startLoad(base, auth);
    await load.replies(40);
    await server.stop();
    await load.replies(40); // all of these met a database that is gone
    server = await startEmbeddedPostgres({ dataDir, port, fast: true });
    const recovered = await recovers(`${base}/api/classes`, auth);
    const seen = await load.stop();

    expectOnlyAnswersOr503(seen);
    expect(seen.some((s) => s.status === 503)).toBe(true);
    expect(recovered).toBe(true);
    // the readiness probe tells a load balancer the truth again
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
  }, 180_000);
});
