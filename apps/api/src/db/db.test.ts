import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app.ts';
import { createDb, isDatabaseUnavailable } from './index.ts';
import { migrate } from './migrate.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

/** What a failover or a restart does: the server ends every connection to the database. */
async function terminateConnections(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()) t`,
    );
    return rows[0].n as number;
  } finally {
    await admin.end();
  }
}

describe('the pool when the database drops its connections', () => {
  it('survives losing a checked-out connection between two queries, and serves the next query', async () => {
    const lost: Error[] = [];
    let noticed: () => void = () => {};
    const errorSeen = new Promise<void>((resolve) => (noticed = resolve));
    const { db, pool } = createDb(database.url, {
      max: 2,
      onError: (err) => {
        lost.push(err);
        noticed();
      },
    });
    try {
      const client = await pool.connect(); // checked out, no query running: no one to throw to
      await client.query('SELECT 1');
      expect(await terminateConnections(database.url)).toBeGreaterThanOrEqual(1);
      await errorSeen; // without a handler on the client this event would crash the process
      expect(lost.length).toBeGreaterThanOrEqual(1);
      client.release(lost[0]); // a broken client is discarded, not reused
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  it('sets the statement timeout it is given, and a timed-out statement is a retry', async () => {
    const { db } = createDb(database.url, { max: 1, statementTimeoutMs: 50 });
    try {
      const { rows } = await sql<{
        t: string;
      }>`SELECT current_setting('statement_timeout') AS t`.execute(db);
      expect(rows[0]!.t).toBe('50ms');
      const err = await sql`SELECT pg_sleep(5)`.execute(db).catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a lost or refused connection from a bug', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(isDatabaseUnavailable(coded('57P01', 'terminating connection'))).toBe(true);
    expect(isDatabaseUnavailable(coded('08006'))).toBe(true);
    expect(isDatabaseUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(coded('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});

describe('migrate while another instance holds the migration lock', () => {
  it('says it is waiting, gives up with the reason, and migrates once the lock is free', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(734112001)');
    const { db, pool } = createDb(database.url, { max: 1 });
    const lines: string[] = [];
    try {
      const limits = { timeoutMs: 300, pollMs: 20, reportEveryMs: 100 };
      await expect(migrate(pool, (l) => lines.push(l), limits)).rejects.toThrow(
        /held the migration lock/,
      );
      expect(lines.some((l) => l.startsWith('waiting for another instance'))).toBe(true);
      await holder.query('SELECT pg_advisory_unlock(734112001)');
      expect(await migrate(pool, () => {}, limits)).toEqual([]); // all applied already
    } finally {
      await holder.end();
      await db.destroy();
    }
  });
});

describe('durability', () => {
  it('keeps every table logged (crash-safe) except the rate-limit counters (migration 031)', async () => {
    const { db } = createDb(database.url, { max: 1 });
    try {
      const { rows } = await sql<{ relname: string; relpersistence: string }>`
        SELECT c.relname, c.relpersistence FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'`.execute(db);
      const unlogged = rows.filter((r) => r.relpersistence === 'u').map((r) => r.relname);
      expect(unlogged).toEqual(['rate_limits']);
      expect(rows.length).toBeGreaterThan(20);
    } finally {
      await db.destroy();
    }
  });
});

describe('prepared statements', () => {
  it('prepares a statement marked /* prepared:NAME */ once per connection, and no other', async () => {
    const { db } = createDb(database.url, { max: 1 });
    try {
      const marked = (n: number) =>
        sql<{
          doubled: number;
        }>`/* prepared:test-doubled */ SELECT ${n}::int * 2 AS doubled`.execute(db);
      const unmarked = (n: number) =>
        sql<{ tripled: number }>`SELECT ${n}::int * 3 AS tripled`.execute(db);
      const prepared = async () =>
        (
          await sql<{
            name: string;
          }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(db)
        ).rows.map((r) => r.name);
      expect(await prepared()).toEqual([]);
      for (let n = 1; n <= 7; n++) {
        expect((await marked(n)).rows).toEqual([{ doubled: 2 * n }]);
        expect((await unmarked(n)).rows).toEqual([{ tripled: 3 * n }]);
      }
      expect(await prepared()).toEqual(['test-doubled']);
    } finally {
      await db.destroy();
    }
  });
});
