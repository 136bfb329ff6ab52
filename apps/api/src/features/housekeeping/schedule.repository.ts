import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/**
 * Claims this period of the job `name` for the calling instance: true when the job has not run
 * in the last `periodMs` (and records that it runs now), false when another instance already ran
 * it. One statement, so two instances can never both claim one period.
 */
export async function claimPeriod(db: Db, name: string, periodMs: number): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`
    INSERT INTO scheduled_runs (name, last_run) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET last_run = now()
      WHERE scheduled_runs.last_run <= now() - make_interval(secs => ${periodMs / 1000})
    RETURNING name`.execute(db);
  return rows.length === 1;
}
