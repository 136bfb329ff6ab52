import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ScheduleRepository } from './schedule.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('claimPeriod', () => {
  it('gives each period of a job to one instance only, even when they ask at once', async () => {
    const schedule = new ScheduleRepository(t.db);
    const claimPeriod = (name: string, periodMs: number) => schedule.claimPeriod(name, periodMs);
    const hour = 3_600_000;
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimPeriod('nightly-report', hour)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriod('nightly-report', hour)).toBe(false);
    expect(await claimPeriod('another-job', hour)).toBe(true); // jobs are separate
    // the period has passed: the next instance to ask runs it again
    await sql`UPDATE scheduled_runs SET last_run = now() - interval '61 minutes'
              WHERE name = 'nightly-report'`.execute(t.db);
    expect(await claimPeriod('nightly-report', hour)).toBe(true);
    expect(await claimPeriod('nightly-report', hour)).toBe(false);
  });
});
