import { sql } from 'kysely';
import { Repository } from '../../db/repository.ts';

/** All SQL for jobs that run once per period across instances (`scheduled_runs`). */
export class ScheduleRepository extends Repository {
  /**
   * Claims this period of the job `name` for the calling instance: true when the job has not run
   * in the last `periodMs` (and records that it runs now), false when another instance already ran
   * it. One statement, so two instances can never both claim one period.
   */
  async claimPeriod(name: string, periodMs: number): Promise<boolean> {
    const { rows } = await sql<{ name: string }>`
    INSERT INTO scheduled_runs (name, last_run) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET last_run = now()
      WHERE scheduled_runs.last_run <= now() - make_interval(secs => ${periodMs / 1000})
    RETURNING name`.execute(this.db);
    return rows.length === 1;
  }
}
