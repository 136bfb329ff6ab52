import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import { bossDb } from '../../db/boss-db.ts';
import type { Executor } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

/**
 * Durable background work in PostgreSQL (pg-boss 12, decision 008). A job is a row in the `pgboss`
 * schema: sent in the same transaction as the data it works on, picked up by any instance, retried
 * when its handler throws or its instance dies, and moved to a dead-letter queue when its retries
 * are spent.
 *
 * An instance that dies mid-job (a crash, a kill, a lost machine) is noticed by its jobs' heartbeat:
 * while a handler runs, its worker refreshes the job's `heartbeat_on` every few seconds; a job
 * whose heartbeat is older than `heartbeatSeconds` has lost its instance, and the next supervision
 * pass of any live instance (an instance that starts runs one at once) hands it out again as a
 * retry. A live instance keeps its jobs' heartbeats fresh, so its work is never taken from it,
 * however many instances there are and however long a job runs (up to `expireInSeconds`).
 */

export type JobDefinition = {
  name: string;
  /** attempts after the first */
  retryLimit: number;
  retryDelaySeconds: number;
  /** the longest an attempt may run, its instance alive or not, before it is failed and retried */
  expireInSeconds: number;
  /** where a job goes when its retries are spent (a queue with its own handler) */
  deadLetter?: string;
};

export type Job<T> = { id: string; data: T; retryCount: number; retryLimit: number };

/** How the queue finds work and notices dead instances; tests shorten them. */
export type JobQueueTiming = {
  /** how often an idle worker looks for jobs sent by another instance (its own wake it at once) */
  pollingSeconds: number;
  /** a running job whose heartbeat is older than this has lost its instance (pg-boss: ≥ 10) */
  heartbeatSeconds: number;
  /** how often a running job's worker refreshes its heartbeat (< heartbeatSeconds) */
  heartbeatRefreshSeconds: number;
  /**
   * How often each instance supervises the queues: hands out jobs whose heartbeat stopped or that
   * ran past `expireInSeconds`. One instance does it per interval (pg-boss claims the pass).
   */
  superviseSeconds: number;
};

/**
 * A job whose instance died is back in work within heartbeatSeconds + superviseSeconds + the
 * queue's retry delay + pollingSeconds (20 + 10 + 5 + 2 = 37 s for an upload), restart or not.
 */
export const JOB_TIMING: JobQueueTiming = {
  pollingSeconds: 2,
  heartbeatSeconds: 20,
  heartbeatRefreshSeconds: 5,
  superviseSeconds: 10,
};

/** How often finished jobs past their retention are deleted (pg-boss's maintenance). */
const MAINTENANCE_SECONDS = 10 * 60;

/** How long a start that found the database down waits before it tries again. */
const START_RETRY_MS = 5_000;

export class JobQueue {
  private boss: PgBoss;
  private readonly workers = new Map<string, string[]>();
  private readonly timing: JobQueueTiming;
  private started = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private attempt: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    timing: Partial<JobQueueTiming> = {},
  ) {
    this.timing = { ...JOB_TIMING, ...timing };
    this.boss = this.createBoss();
  }

  private createBoss(): PgBoss {
    const boss = new PgBoss({
      db: bossDb(this.db),
      // the schema is installed and upgraded with the migrations (db/migrate.ts)
      migrate: false,
      schedule: false,
      supervise: true,
      superviseIntervalSeconds: this.timing.superviseSeconds,
      monitorIntervalSeconds: this.timing.superviseSeconds,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      instanceName: 'syllabot',
    });
    boss.on('error', (err) => this.log.warn({ err: err.message }, 'job queue error'));
    boss.on('warning', (w) => this.log.info({ warning: w.message }, 'job queue warning'));
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
      if (d.deadLetter) await this.ensureQueue(d.deadLetter, {});
      await this.ensureQueue(d.name, {
        retryLimit: d.retryLimit,
        retryDelay: d.retryDelaySeconds,
        expireInSeconds: d.expireInSeconds,
        ...(d.deadLetter ? { deadLetter: d.deadLetter } : {}),
      });
    }
    // Reclaim now what instances that are gone left running, rather than a supervision interval
    // later (in the background: a start does not wait on it).
    void this.boss
      .supervise()
      .catch((err: Error) => this.log.warn({ err: err.message }, 'job queue supervision failed'));
  }

  /**
   * Creates the queue, or brings an existing one to these settings (createQueue leaves an
   * existing queue as it is), with every job's heartbeat on.
   */
  private async ensureQueue(
    name: string,
    options: {
      retryLimit?: number;
      retryDelay?: number;
      expireInSeconds?: number;
      deadLetter?: string;
    },
  ): Promise<void> {
    const settings = { ...options, heartbeatSeconds: this.timing.heartbeatSeconds };
    await this.boss.createQueue(name, settings);
    await this.boss.updateQueue(name, settings);
  }

  /** Sends a job; pass the transaction that writes its data so both commit or neither. */
  async send<T extends object>(name: string, data: T, ex?: Executor): Promise<void> {
    // the queues exist once a start has run
    await this.attempt;
    // not started yet (the database was away at start): the client is told to retry
    if (!this.started)
      throw new AppError('SERVICE_UNAVAILABLE', 'The service is starting. Please try again.', {
        'retry-after': '5',
      });
    await this.boss.send(name, data, ex ? { db: bossDb(ex) } : {});
  }

  /** Runs `handler` for `name`'s jobs, at most `concurrency` at a time in this instance. */
  async work<T>(name: string, concurrency: number, handler: (job: Job<T>) => Promise<void>) {
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      ids.push(
        await this.boss.work(
          name,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: this.timing.pollingSeconds,
            heartbeatRefreshSeconds: this.timing.heartbeatRefreshSeconds,
          },
          async ([job]: JobWithMetadata<T>[]) => {
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
