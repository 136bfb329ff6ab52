import { sql } from 'kysely';
import { UPLOAD_IDEMPOTENCY_WINDOW_HOURS } from '@app/contracts';
import { Repository } from '../../db/repository.ts';

/** Rows deleted per statement: a first prune of years of history never holds a long lock. */
export const PRUNE_BATCH = 5_000;

/** All SQL for deleting rows that can no longer matter (the housekeeping job). */
export class HousekeepingRepository extends Repository {
  /**
   * Uploads never attached to an item and upload keys past their window, finished rate-limit windows (the longest is an hour),
   * expired refresh tokens, reset links, account alerts and e-mail changes, and sessions revoked
   * over `sessionsDays` ago: how many of each it deleted.
   */
  async deleteExpired(sessionsDays: number) {
    const db = this.db;
    const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    const rateLimits = await db
      .deleteFrom('rate_limits')
      .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    const refreshTokens = await db
      .deleteFrom('refresh_tokens')
      .where('expires_at', '<', sql<Date>`now()`)
      .executeTakeFirst();
    const passwordResets = await db
      .deleteFrom('password_resets')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    // "this wasn't me" links a day past their end; the e-mail changes they may put back once
    // every such link has ended (an alert lives 7 days, from at most a day after its change)
    const accountAlerts = await db
      .deleteFrom('account_alerts')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    const emailChanges = await db
      .deleteFrom('email_changes')
      .where('expires_at', '<', sql<Date>`now() - interval '9 days'`)
      .executeTakeFirst();
    const sessions = await db
      .deleteFrom('sessions')
      .where('revoked_at', '<', sql<Date>`now() - make_interval(days => ${sessionsDays})`)
      .executeTakeFirst();
    // a file whose request failed or whose server died mid-stream, never attached to an item
    const uploads = await db
      .deleteFrom('uploads')
      .where('content_id', 'is', null)
      .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirst();
    // an upload's Idempotency-Key past the window in which a retry may repeat it
    const uploadKeys = await db
      .deleteFrom('upload_keys')
      .where(
        'created_at',
        '<',
        sql<Date>`now() - make_interval(hours => ${UPLOAD_IDEMPOTENCY_WINDOW_HOURS})`,
      )
      .executeTakeFirst();
    return {
      uploads: count(uploads),
      upload_keys: count(uploadKeys),
      rate_limits: count(rateLimits),
      refresh_tokens: count(refreshTokens),
      password_resets: count(passwordResets),
      account_alerts: count(accountAlerts),
      email_changes: count(emailChanges),
      sessions: count(sessions),
    };
  }

  /** Deletes at most PRUNE_BATCH of `table`'s rows created over `days` ago; how many it deleted. */
  async deleteBatchOlderThan(table: 'conversations' | 'emails', days: number): Promise<number> {
    const r = await sql<{ n: number }>`
      WITH gone AS (
        DELETE FROM ${sql.table(table)} WHERE id IN (
          SELECT id FROM ${sql.table(table)}
          WHERE created_at < now() - make_interval(days => ${days}) LIMIT ${PRUNE_BATCH})
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`.execute(this.db);
    return r.rows[0]?.n ?? 0;
  }
}
