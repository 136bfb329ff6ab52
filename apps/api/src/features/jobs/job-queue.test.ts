import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import PgBoss10 from 'pg-boss-10';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/app.ts';
import { createDb, type Db } from '../../db/index.ts';
import { migrate } from '../../db/migrate.ts';
import { CONTENT_JOB } from '../content/content-processing.ts';
import { SLACK_EVENT_JOB } from '../slack/slack-inbound.service.ts';
import { JOB_TIMING, JobQueue, type Job, type JobDefinition } from './job-queue.ts';

/**
 * The job queue on a real PostgreSQL (decision 008): a job whose instance died is handed out
 * again soon after, a live instance's job never is, and a database that ran pg-boss 10 upgrades
 * in place. Nothing here measures the machine's speed: time is driven by short configured
 * intervals and each test awaits the state it expects; the timeouts only end a broken run.
 */

const log = pino({ level: 'silent' });
/** the shortest pg-boss allows for a heartbeat (10 s); the rest as short as it allows */
const FAST = {
  heartbeatSeconds: 10,
  heartbeatRefreshSeconds: 1,
  superviseSeconds: 1,
  pollingSeconds: 0.5,
};
const TEST_JOB: JobDefinition = {
  name: 'test-work',
  retryLimit: 2,
  retryDelaySeconds: 0,
  expireInSeconds: 15 * 60, // far past the test: only the heartbeat can hand a job back
};

async function until<T>(check: () => Promise<T | undefined | false>, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type JobRow = {
  state: string;
  retry_count: number;
  started_on: Date | null;
  heartbeat_on: Date | null;
  /** seconds since the job started, by the database's clock */
  running_s: number;
};
const jobRow = async (db: Db, id: string) =>
  (
    await sql<JobRow>`
      SELECT state, retry_count, started_on, heartbeat_on,
             EXTRACT(epoch FROM now() - started_on)::float AS running_s
      FROM pgboss.job WHERE id = ${id}::uuid`.execute(db)
  ).rows[0];

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

async function database() {
  const database = await createTestDatabase();
  const { db } = createDb(database.url, { max: 5 });
  cleanups.push(database.drop, () => db.destroy());
  return { url: database.url, db };
}

/** An instance of the queue in this process, with a worker running `handler`. */
async function instance<T>(db: Db, handler: (job: Job<T>) => Promise<void>) {
  const jobs = new JobQueue(db, log, FAST);
  cleanups.push(() => jobs.stop(1_000));
  await new Promise<void>((resolve, reject) =>
    jobs.startWhenPossible([TEST_JOB], async () => {
      await jobs.work<T>(TEST_JOB.name, 1, handler).then(resolve, reject);
    }),
  );
  return jobs;
}

const JOB_QUEUE = fileURLToPath(new URL('./job-queue.ts', import.meta.url));
const DB_INDEX = fileURLToPath(new URL('../../db/index.ts', import.meta.url));

/**
 * Another server process: it starts the queue, sends a job, prints its id once its worker is
 * running it (and heartbeating), and works on it forever, until it is killed.
 */
async function startDoomedInstance(url: string): Promise<{ child: ChildProcess; jobId: string }> {
  const script = `
    const { JobQueue } = await import(${JSON.stringify(JOB_QUEUE)});
    const { createDb } = await import(${JSON.stringify(DB_INDEX)});
    const { default: pino } = await import('pino');
    const { db } = createDb(${JSON.stringify(url)}, { max: 3 });
    const jobs = new JobQueue(db, pino({ level: 'silent' }), ${JSON.stringify(FAST)});
    await new Promise((started) =>
      jobs.startWhenPossible([${JSON.stringify(TEST_JOB)}], async () => {
        await jobs.work(${JSON.stringify(TEST_JOB.name)}, 1, (job) => {
          console.log('RUNNING ' + job.id);
          return new Promise(() => {});
        });
        started();
      }),
    );
    await jobs.send(${JSON.stringify(TEST_JOB.name)}, { n: 1 });
    jobs.wake(${JSON.stringify(TEST_JOB.name)});`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  const jobId = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /RUNNING (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the instance exited early (${code})`)));
  });
  return { child, jobId };
}

describe('a job whose instance is gone', () => {
  it('is handed out again, as a retry, once an instance starts after the crash', async () => {
    const { url, db } = await database();
    const { child, jobId } = await startDoomedInstance(url);
    await until(
      async () => (await jobRow(db, jobId))?.heartbeat_on,
      'the running job to have a heartbeat',
    );
    expect((await jobRow(db, jobId))?.state).toBe('active');

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL'); // no shutdown: the job is left active, as a crash leaves it
    await exited;
    expect((await jobRow(db, jobId))?.state).toBe('active');

    const taken: Job<{ n: number }>[] = [];
    await instance<{ n: number }>(db, async (job) => {
      taken.push(job);
    });
    await until(async () => taken.length > 0, 'the new instance to take the job');
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ id: jobId, data: { n: 1 }, retryCount: 1 });
    await until(
      async () => (await jobRow(db, jobId))?.state === 'completed',
      'the job to complete',
    );
  }, 120_000);
});

describe("a live instance's job", () => {
  it('stays with it while it runs, past its heartbeat interval, whatever other instances do', async () => {
    const { db } = await database();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const running: string[] = [];
    const a = await instance<{ n: number }>(db, async (job) => {
      running.push(job.id);
      await released;
    });
    await a.send(TEST_JOB.name, { n: 2 });
    a.wake(TEST_JOB.name);
    const jobId = await until(async () => running[0], 'instance A to run the job');

    const takenByB: string[] = [];
    await instance<{ n: number }>(db, async (job) => {
      takenByB.push(job.id);
    });
    // Past the moment the job would have lost its claim had A stopped heartbeating, and then
    // two more supervision passes (one instance claims each pass, one a second at most).
    await until(
      async () => ((await jobRow(db, jobId))?.running_s ?? 0) > FAST.heartbeatSeconds + 2,
      'the job to run past its heartbeat interval',
    );
    const claimed = async () =>
      (
        await sql<{ claimed: Date }>`
          SELECT monitor_claim_on AS claimed FROM pgboss.queue WHERE name = ${TEST_JOB.name}`.execute(
          db,
        )
      ).rows[0]!.claimed.getTime();
    const first = await claimed();
    await until(async () => (await claimed()) > first, 'a supervision pass');
    const second = await claimed();
    await until(async () => (await claimed()) > second, 'another supervision pass');

    const row = await jobRow(db, jobId);
    expect(row).toMatchObject({ state: 'active', retry_count: 0 });
    // A kept it by its heartbeat, refreshed well after it started
    expect(row!.heartbeat_on!.getTime() - row!.started_on!.getTime()).toBeGreaterThan(
      FAST.heartbeatSeconds * 1000,
    );
    expect(takenByB).toEqual([]);
    expect(running).toEqual([jobId]);

    release();
    await until(
      async () => (await jobRow(db, jobId))?.state === 'completed',
      'the job to complete',
    );
  }, 120_000);
});

describe('the timing in production', () => {
  it('hands the work of an instance that died back within a minute, restart or not', () => {
    // the job's heartbeat goes stale, the next supervision pass of any instance (a starting
    // one runs one at once) turns it into a retry, which waits its delay and is polled for
    for (const d of [CONTENT_JOB, SLACK_EVENT_JOB]) {
      const worst =
        JOB_TIMING.heartbeatSeconds +
        JOB_TIMING.superviseSeconds +
        d.retryDelaySeconds +
        JOB_TIMING.pollingSeconds;
      expect(worst, d.name).toBeLessThanOrEqual(60);
      // and a live job outlives a refresh or two that come late
      expect(JOB_TIMING.heartbeatRefreshSeconds * 3, d.name).toBeLessThan(
        JOB_TIMING.heartbeatSeconds,
      );
    }
  });
});

describe('a database that ran pg-boss 10', () => {
  it('upgrades in place on start: queues and jobs still to do carried over, then worked', async () => {
    const { url, db } = await database();
    // the database as pg-boss 10 left it (schema 24), with work still to do in it
    await sql`DROP SCHEMA pgboss CASCADE`.execute(db);
    const old = new PgBoss10({ connectionString: url, supervise: false, schedule: false });
    await old.start();
    await old.createQueue(CONTENT_JOB.deadLetter!, { name: CONTENT_JOB.deadLetter! });
    await old.createQueue(CONTENT_JOB.name, {
      name: CONTENT_JOB.name,
      retryLimit: CONTENT_JOB.retryLimit,
      retryDelay: CONTENT_JOB.retryDelaySeconds,
      expireInSeconds: CONTENT_JOB.expireInSeconds,
      deadLetter: CONTENT_JOB.deadLetter!,
    });
    const job = async (contentId: string, name = CONTENT_JOB.name) =>
      (await old.send(name, { contentId }))!;
    const fetch = async () => (await old.fetch(CONTENT_JOB.name))![0]!.id;
    const retrying = await job('retrying'); // ran once and failed: waits 5 s for its retry
    expect(await fetch()).toBe(retrying);
    await old.fail(CONTENT_JOB.name, retrying);
    const running = await job('running'); // its instance is stopping for the upgrade
    expect(await fetch()).toBe(running);
    const done = await job('done');
    expect(await fetch()).toBe(done);
    await old.complete(CONTENT_JOB.name, done);
    const waiting = await job('waiting');
    const gaveUp = await job('gave-up', CONTENT_JOB.deadLetter!);
    await old.stop({ graceful: false });
    const states = async () =>
      Object.fromEntries(
        (
          await sql<{ id: string; state: string; retry_limit: number }>`
            SELECT id, state::text, retry_limit FROM pgboss.job`.execute(db)
        ).rows.map((r) => [r.id, { state: r.state, retry_limit: r.retry_limit }]),
      );
    expect(await states()).toEqual({
      [retrying]: { state: 'retry', retry_limit: 2 },
      [running]: { state: 'active', retry_limit: 2 },
      [done]: { state: 'completed', retry_limit: 2 },
      [waiting]: { state: 'created', retry_limit: 2 },
      [gaveUp]: { state: 'created', retry_limit: 2 },
    });
    const versionOf = async () =>
      Number(
        (await sql<{ version: string }>`SELECT version FROM pgboss.version`.execute(db)).rows[0]!
          .version,
      );
    expect(await versionOf()).toBe(24);

    const messages: string[] = [];
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    cleanups.push(() => pool.end());
    await migrate(pool, (m) => messages.push(m));
    expect(messages.join('\n')).toContain('upgraded from pg-boss 10, 4 pending jobs carried over');
    expect(await versionOf()).toBeGreaterThanOrEqual(46);
    expect(
      (await sql`SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss_v10'`.execute(db)).rows,
    ).toEqual([]);
    // the retries each has left: an attempt made (failed, or cut short by the upgrade) counts
    expect(await states()).toEqual({
      [retrying]: { state: 'created', retry_limit: 1 },
      [running]: { state: 'created', retry_limit: 1 },
      [waiting]: { state: 'created', retry_limit: 2 },
      [gaveUp]: { state: 'created', retry_limit: 2 },
    });

    // starting again changes nothing
    messages.length = 0;
    await migrate(pool, (m) => messages.push(m));
    expect(messages).toEqual([]);

    // and the queue works on them
    const seen: string[] = [];
    const jobs = new JobQueue(db, log, FAST);
    cleanups.push(() => jobs.stop(1_000));
    await new Promise<void>((resolve, reject) =>
      jobs.startWhenPossible([CONTENT_JOB], async () => {
        await jobs
          .work<{ contentId: string }>(CONTENT_JOB.name, 1, async (job) => {
            seen.push(job.data.contentId);
          })
          .then(resolve, reject);
      }),
    );
    await jobs.send(CONTENT_JOB.name, { contentId: 'new' });
    jobs.wake(CONTENT_JOB.name);
    await until(async () => seen.length === 4, 'the carried-over and new jobs to run');
    expect(seen.sort()).toEqual(['new', 'retrying', 'running', 'waiting']);
  }, 120_000);
});
