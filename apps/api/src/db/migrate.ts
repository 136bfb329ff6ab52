import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import PgBoss from 'pg-boss';
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
 */
async function installJobQueue(client: pg.PoolClient): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => client.query(text, values) },
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
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
    await installJobQueue(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
  return applied;
}
