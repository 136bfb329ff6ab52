import type { FastifyBaseLogger } from 'fastify';
import type { ScheduleRepository } from './schedule.repository.ts';

/**
 * Instances check this much more often than a job's period, so that the job runs close to its
 * schedule whichever instance claims it.
 */
const CHECKS_PER_PERIOD = 10;

/**
 * Runs `job` once every `periodMs` across all instances sharing the database: each instance
 * checks on a timer, and the first to claim a period runs it. Returns a stop function.
 */
export function scheduleAcrossInstances(
  schedule: ScheduleRepository,
  log: FastifyBaseLogger,
  name: string,
  periodMs: number,
  job: () => Promise<unknown>,
): () => void {
  const tick = async () => {
    try {
      if (await schedule.claimPeriod(name, periodMs)) await job();
    } catch (err) {
      log.warn({ err: (err as Error).message, job: name }, 'scheduled job failed');
    }
  };
  const timer = setInterval(() => void tick(), Math.max(1000, periodMs / CHECKS_PER_PERIOD));
  timer.unref();
  return () => clearInterval(timer);
}
