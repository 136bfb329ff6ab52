import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** How often the prune runs (across all instances). */
export const HOUSEKEEPING_PERIOD_MS = 60 * 60 * 1000;

/** How long kept records live, in days (RETENTION_*; 0 keeps them for good). */
export type Retention = { conversationsDays: number; emailsDays: number; sessionsDays: number };
export const DEFAULT_RETENTION: Retention = {
  conversationsDays: 730,
  emailsDays: 30,
  sessionsDays: 30,
};

/** Rows deleted per statement: a first prune of years of history never holds a long lock. */
const BATCH = 5_000;

/** Deletes `table`'s rows with `column` older than `days`, in batches; 0 days deletes nothing. */
async function deleteOlderThan(
  db: Db,
  table: 'conversations' | 'emails',
  days: number,
): Promise<number> {
  if (days <= 0) return 0;
  let total = 0;
  for (;;) {
    const r = await sql<{ n: number }>`
      WITH gone AS (
        DELETE FROM ${sql.table(table)} WHERE id IN (
          SELECT id FROM ${sql.table(table)}
          WHERE created_at < now() - make_interval(days => ${days}) LIMIT ${BATCH})
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`.execute(db);
    const n = r.rows[0]?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Deletes rows that can no longer matter: uploads never attached to an item, finished rate-limit windows (the longest is an hour),
 * expired refresh tokens and reset links, and, by the retention settings, revoked sessions,
 * conversations (with their contact requests) and e-mails.
 */
export async function pruneExpiredRows(
  db: Db,
  retention: Retention = DEFAULT_RETENTION,
): Promise<Record<string, number>> {
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
  const sessions = await db
    .deleteFrom('sessions')
    .where('revoked_at', '<', sql<Date>`now() - make_interval(days => ${retention.sessionsDays})`)
    .executeTakeFirst();
  // a file whose request failed or whose server died mid-stream, never attached to an item
  const uploads = await db
    .deleteFrom('uploads')
    .where('content_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return {
    uploads: count(uploads),
    rate_limits: count(rateLimits),
    refresh_tokens: count(refreshTokens),
    password_resets: count(passwordResets),
    sessions: count(sessions),
    conversations: await deleteOlderThan(db, 'conversations', retention.conversationsDays),
    emails: await deleteOlderThan(db, 'emails', retention.emailsDays),
  };
}
