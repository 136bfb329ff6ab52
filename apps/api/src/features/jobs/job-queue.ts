import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { bossDb } from '../../db/boss-db.ts';
import type { Executor } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

/**
 * Durable background work in PostgreSQL (pg-boss, decision 008). A job is a row in the `pgboss`
 * schema: sent in the same transaction as the data it works on, picked up by any instance, retried
 * when its handler throws or its instance dies (the job expires and pg-boss hands it out again),
 * and moved to a dead-letter queue when its retries are spent.
 */

export type JobDefinition = {
  name: string;
  /** attempts after the first */
  retryLimit: number;
  retryDelaySeconds: number;
  /** an active job older than this is taken to have died with its instance and is retried */
  expireInSeconds: number;
  /** where a job goes when its retries are spent (a queue with its own handler) */
  deadLetter?: string;
};

export type Job<T> = { id: string; data: T; retryCount: number; retryLimit: number };

/** How often an idle worker looks for jobs sent by another instance (its own wake it at once). */
const POLLING_SECONDS = 2;
/** How often pg-boss expires jobs whose instance died, and archives finished ones. */
const MAINTENANCE_SECONDS = 30;

/** How long a start that found the database down waits before it tries again. */
const START_RETRY_MS = 5_000;

export class JobQueue {
  private boss: PgBoss;
  private readonly workers = new Map<string, string[]>();
  private started = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private attempt: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
  ) {
    this.boss = this.createBoss();
  }

  private createBoss(): PgBoss {
    const boss = new PgBoss({
      db: bossDb(this.db),
      // the schema is installed with the migrations (db/migrate.ts)
      migrate: false,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    });
    boss.on('error', (err) => this.log.warn({ err: err.message }, 'job queue error'));
    return boss;
  }

  /**
   * Starts the queue and then `onStarted` (registering workers). With the database down it says
   * so and tries again every few seconds, so the server still comes up and reports not-ready
   * until the database is back.
   */
  startWhenPossible(definitions: JobDefinition[], onStarted: () => Promise<void>): void {
    const attempt = async () => {
      if (this.closed) return;
      try {
        await this.start(definitions);
        await onStarted();
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'job queue not started; trying again');
        this.boss = this.createBoss(); // a failed start leaves pg-boss half-started
        this.retry = setTimeout(() => (this.attempt = attempt()), START_RETRY_MS);
        this.retry.unref();
      }
    };
    this.attempt = attempt();
  }

  private async start(definitions: JobDefinition[]): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const d of definitions) {
      if (d.deadLetter) await this.boss.createQueue(d.deadLetter, { name: d.deadLetter });
      await this.boss.createQueue(d.name, {
        name: d.name,
        retryLimit: d.retryLimit,
        retryDelay: d.retryDelaySeconds,
        expireInSeconds: d.expireInSeconds,
        // pg-boss refuses a deadLetter key that is present but undefined
        ...(d.deadLetter ? { deadLetter: d.deadLetter } : {}),
      });
    }
  }

  /** Sends a job; pass the transaction that writes its data so both commit or neither. */
  async send<T extends object>(name: string, data: T, ex?: Executor): Promise<void> {
    // the queues exist once a start has run (pg-boss drops a job sent to a missing queue)
    await this.attempt;
    const id = await this.boss.send(name, data, ex ? { db: bossDb(ex) } : {});
    // not started yet (the database was away at start): the client is told to retry
    if (!id)
      throw new AppError('SERVICE_UNAVAILABLE', 'The service is starting. Please try again.', {
        'retry-after': '5',
      });
  }

  /** Runs `handler` for `name`'s jobs, at most `concurrency` at a time in this instance. */
  async work<T>(name: string, concurrency: number, handler: (job: Job<T>) => Promise<void>) {
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      ids.push(
        await this.boss.work<T>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLLING_SECONDS },
          async ([job]) => {
            if (job) await handler(job);
          },
        ),
      );
    }
    this.workers.set(name, [...(this.workers.get(name) ?? []), ...ids]);
  }

  /** Tells this instance's idle workers of `name` to look now (after a local send). */
  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Stops taking jobs, waits up to `timeoutMs` for running ones, then hands back the rest: they
   * fail and are retried by another instance or the next start.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.attempt; // a start under way finishes first, then stops here
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: false });
  }
}
