import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { API_ROOT } from '../paths.ts';

const migrationsDir = path.join(API_ROOT, 'src', 'db', 'migrations');
const LOCK_ID = 734_112_001; // any constant: serialises concurrent starts of several instances

/** How long a start waits for another instance's migrations before it gives up, and how often it says so. */
const MIGRATION_LOCK = { timeoutMs: 5 * 60_000, pollMs: 500, reportEveryMs: 10_000 };

/**
 * Takes the migration lock, waiting for another instance that holds it (saying so), and fails
 * with the reason after `timeoutMs`: a hung instance holding the lock no longer blocks every
 * start in silence.
 */
async function takeMigrationLock(
  client: pg.PoolClient,
  log: (msg: string) => void,
  limits: typeof MIGRATION_LOCK,
): Promise<void> {
  const started = Date.now();
  let reported = started;
  for (;;) {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      LOCK_ID,
    ]);
    if (rows[0]?.ok) return;
    const waited = Date.now() - started;
    if (waited >= limits.timeoutMs)
      throw new Error(
        `another instance has held the migration lock for ${Math.round(waited / 1000)} s ` +
          '(pg_advisory_lock ' +
          LOCK_ID +
          '); stop it, or end its session in pg_stat_activity, and start again',
      );
    if (Date.now() - reported >= limits.reportEveryMs) {
      reported = Date.now();
      log(`waiting for another instance to finish its migrations (${Math.round(waited / 1000)} s)`);
    }
    await new Promise((resolve) => setTimeout(resolve, limits.pollMs));
  }
}

/**
 * Installs or upgrades the job queue's own schema (`pgboss`, decision 008) with the migrations,
 * under the same lock, so instances start with it in place and test databases clone it.
 *
 * pg-boss upgrades its schema in place from pg-boss 11's on (schema version 25), not from
 * pg-boss 10's (24): a database that ran pg-boss 10 has its schema set aside as `pgboss_v10`,
 * pg-boss 12 installs a new `pgboss`, the queues and the jobs still to do (created, retry, active)
 * are carried over with their ids, and the old schema is dropped. Each step can run again (queues
 * and jobs are inserted only if missing), so a start interrupted half-way finishes the next time.
 */
async function installJobQueue(client: pg.PoolClient, log: (msg: string) => void): Promise<void> {
  const installed = await client
    .query<{ version: string }>(
      `SELECT version FROM pgboss.version WHERE to_regclass('pgboss.version') IS NOT NULL`,
    )
    .catch(() => ({ rows: [] as { version: string }[] }));
  const version = installed.rows[0] ? Number(installed.rows[0].version) : null;
  if (version !== null && version < FIRST_UPGRADABLE_PGBOSS_SCHEMA) {
    await client.query(`ALTER SCHEMA pgboss RENAME TO ${PGBOSS_10_SCHEMA}`);
    log(`job queue: pg-boss ${version} schema set aside as ${PGBOSS_10_SCHEMA}`);
  }
  const boss = new PgBoss({
    db: { executeSql: (text, values) => client.query(text, values) },
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await boss.start();
  try {
    const old = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [
      PGBOSS_10_SCHEMA,
    ]);
    if (old.rows.length) {
      const moved = await carryOverPgBoss10(boss, client);
      await client.query(`DROP SCHEMA ${PGBOSS_10_SCHEMA} CASCADE`);
      log(`job queue: upgraded from pg-boss 10, ${moved} pending jobs carried over`);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/** pg-boss 12 migrates a schema from this version on (pg-boss 11's); pg-boss 10 left 24. */
const FIRST_UPGRADABLE_PGBOSS_SCHEMA = 25;
const PGBOSS_10_SCHEMA = 'pgboss_v10';

type Pgboss10Queue = {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  dead_letter: string | null;
};

type Pgboss10Job = {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  state: 'created' | 'retry' | 'active';
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  started_on: Date | null;
  singleton_key: string | null;
  expire_seconds: number;
  dead_letter: string | null;
};

/**
 * Creates pg-boss 10's queues in the new schema and inserts its jobs still to do as new jobs,
 * keeping their ids, data, priority, start time, singleton key and the retries they have left (an
 * attempt made, a failed one or one cut short, counts). A job that was active belonged to an
 * instance that has stopped for the upgrade: it is due again at once, as pg-boss would have
 * handed it out once that instance was gone.
 */
async function carryOverPgBoss10(boss: PgBoss, client: pg.PoolClient): Promise<number> {
  const queues = (
    await client.query<Pgboss10Queue>(
      `SELECT name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, dead_letter
       FROM ${PGBOSS_10_SCHEMA}.queue ORDER BY name`,
    )
  ).rows;
  for (const q of queues) {
    await boss.createQueue(q.name, {
      ...(q.policy ? { policy: q.policy } : {}),
      ...(q.retry_limit !== null ? { retryLimit: q.retry_limit } : {}),
      ...(q.retry_delay !== null ? { retryDelay: q.retry_delay } : {}),
      ...(q.retry_backoff !== null ? { retryBackoff: q.retry_backoff } : {}),
      ...(q.expire_seconds ? { expireInSeconds: q.expire_seconds } : {}),
    });
  }
  // a dead-letter queue must exist before a queue names it
  for (const q of queues)
    if (q.dead_letter) await boss.updateQueue(q.name, { deadLetter: q.dead_letter });

  const jobs = (
    await client.query<Pgboss10Job>(
      `SELECT id, name, priority, data, state::text AS state, retry_limit, retry_count,
              retry_delay, retry_backoff, start_after, started_on, singleton_key,
              EXTRACT(epoch FROM expire_in)::int AS expire_seconds, dead_letter
       FROM ${PGBOSS_10_SCHEMA}.job
       WHERE state IN ('created', 'retry', 'active') AND name = ANY($1)
       ORDER BY created_on`,
      [queues.map((q) => q.name)],
    )
  ).rows;
  const byQueue = new Map<string, Pgboss10Job[]>();
  for (const j of jobs) byQueue.set(j.name, [...(byQueue.get(j.name) ?? []), j]);
  for (const [name, list] of byQueue) {
    await boss.insert(
      name,
      list.map((j) => {
        const active = j.state === 'active';
        // pg-boss 10 counts a retry when it is fetched: an attempt made is one more than its count
        const attempted = j.retry_count + (j.started_on ? 1 : 0);
        return {
          id: j.id,
          data: j.data ?? {},
          priority: j.priority,
          retryLimit: Math.max(0, j.retry_limit - attempted),
          retryDelay: j.retry_delay,
          retryBackoff: j.retry_backoff,
          startAfter: active ? new Date() : j.start_after,
          ...(j.singleton_key ? { singletonKey: j.singleton_key } : {}),
          ...(j.expire_seconds > 0 ? { expireInSeconds: j.expire_seconds } : {}),
          ...(j.dead_letter ? { deadLetter: j.dead_letter } : {}),
        };
      }),
    );
  }
  return jobs.length;
}

/** Applies every migrations/NNN_name.sql not applied yet, each in its own transaction. */
export async function migrate(
  pool: pg.Pool,
  log: (msg: string) => void = () => {},
  lockLimits = MIGRATION_LOCK,
): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // a backfill over a large database may take longer than a request's statement timeout
    await client.query('SET statement_timeout = 0');
    await takeMigrationLock(client, log, lockLimits);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      log(`applied migration ${file}`);
    }
    await installJobQueue(client, log);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
  return applied;
}
