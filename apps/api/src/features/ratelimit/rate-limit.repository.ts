import { sql } from 'kysely';
import { Repository } from '../../db/repository.ts';

/** All SQL for the fixed-window counters (`rate_limits`) every instance shares. */
export class RateLimitRepository extends Repository {
  /**
   * Counts one event atomically (concurrent requests each get their own count), starting a new
   * window when the key's is over: the count and the window it is in.
   */
  async hit(key: string, windowSeconds: number): Promise<{ hits: number; window_start: Date }> {
    const row = await sql<{ hits: number; window_start: Date }>`
      INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                    THEN 1 ELSE rate_limits.hits + 1 END,
        window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                    THEN now() ELSE rate_limits.window_start END
      RETURNING hits, window_start`.execute(this.db);
    return row.rows[0]!;
  }

  /** Takes back one counted event. */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ hits: sql`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  /** The key's window if it started within the last `windowSeconds`. */
  current(key: string, windowSeconds: number) {
    return this.db
      .selectFrom('rate_limits')
      .select(['hits', 'window_start'])
      .where('key', '=', key)
      .where('window_start', '>=', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
      .executeTakeFirst();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}
