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
      ON CONFLICT (key) DO UPDATE SET ${nextWindow(windowSeconds)}
      RETURNING hits, window_start`.execute(this.db);
    return row.rows[0]!;
  }

  /**
   * Counts one event for `first`, then, in the same statement, for `second` only when `first` is
   * within `firstMax`: the counts and windows of both (`second` null when it was not counted).
   */
  async hitInTurn(
    first: { key: string; windowSeconds: number; max: number },
    second: { key: string; windowSeconds: number },
  ): Promise<{
    first: { hits: number; window_start: Date };
    second: { hits: number; window_start: Date } | null;
  }> {
    const { rows } = await sql<{
      first_hits: number;
      first_start: Date;
      second_hits: number | null;
      second_start: Date | null;
    }>`/* prepared:ratelimit-hit-in-turn */
      WITH first AS (
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${first.key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET ${nextWindow(first.windowSeconds)}
        RETURNING hits, window_start
      ), second AS (
        INSERT INTO rate_limits (key, window_start, hits)
        SELECT ${second.key}, now(), 1 FROM first WHERE first.hits <= ${first.max}
        ON CONFLICT (key) DO UPDATE SET ${nextWindow(second.windowSeconds)}
        RETURNING hits, window_start
      )
      SELECT first.hits AS first_hits, first.window_start AS first_start,
             second.hits AS second_hits, second.window_start AS second_start
      FROM first LEFT JOIN second ON true`.execute(this.db);
    const row = rows[0]!;
    return {
      first: { hits: row.first_hits, window_start: row.first_start },
      second:
        row.second_hits === null
          ? null
          : { hits: row.second_hits, window_start: row.second_start! },
    };
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

/** An upsert's SET: one more hit in the key's window, or a new window when it is over. */
const nextWindow = (windowSeconds: number) => sql`
  hits = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
              THEN 1 ELSE rate_limits.hits + 1 END,
  window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
              THEN now() ELSE rate_limits.window_start END`;
