import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../errors.ts';

export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, so every API instance shares them (DESIGN §1).
 * `hit` counts one event; `check` tells whether the key is already over its limit.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Counts one event and returns how many seconds to wait if this went over the limit, else 0. */
  async hit(key: string, limit: Limit): Promise<number> {
    return (await this.count(key, limit)).wait;
  }

  /**
   * Counts one event atomically (concurrent requests each get their own count) and returns the
   * count in the window and how many seconds to wait if this went over the limit, else 0.
   */
  async count(key: string, limit: Limit): Promise<{ hits: number; wait: number }> {
    const row = await sql<{ hits: number; window_start: Date }>`
      INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                    THEN 1 ELSE rate_limits.hits + 1 END,
        window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                    THEN now() ELSE rate_limits.window_start END
      RETURNING hits, window_start`.execute(this.db);
    const r = row.rows[0]!;
    return { hits: r.hits, wait: r.hits > limit.max ? this.retryAfter(r.window_start, limit) : 0 };
  }

  /** Takes back one counted event (it turned out not to be one the limit is about). */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ hits: sql`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  async check(key: string, limit: Limit): Promise<number> {
    const r = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('key', '=', key)
      .where('window_start', '>=', sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
      .executeTakeFirst();
    return r && r.hits >= limit.max ? this.retryAfter(r.window_start, limit) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  private retryAfter(windowStart: Date, limit: Limit): number {
    const ends = windowStart.getTime() + limit.windowSeconds * 1000;
    return Math.max(1, Math.ceil((ends - Date.now()) / 1000));
  }
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message = 'Too many attempts. Please wait and try again.',
) {
  return new AppError(429, 'RATE_LIMITED', message, { 'retry-after': String(retryAfterSeconds) });
}
