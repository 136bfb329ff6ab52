import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes rows that can no longer matter: finished rate-limit windows (the longest is an hour),
 * expired refresh tokens and reset links, and sessions revoked over 30 days ago.
 */
export async function pruneExpiredRows(db: Db): Promise<Record<string, number>> {
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
    .where('revoked_at', '<', sql<Date>`now() - interval '30 days'`)
    .executeTakeFirst();
  return {
    rate_limits: count(rateLimits),
    refresh_tokens: count(refreshTokens),
    password_resets: count(passwordResets),
    sessions: count(sessions),
  };
}

/** Runs the prune once an hour; safe with several instances (deletes are idempotent). */
export function startHousekeeping(db: Db, log: FastifyBaseLogger, intervalMs = HOUR_MS) {
  const run = () =>
    pruneExpiredRows(db)
      .then((deleted) => log.debug({ deleted }, 'housekeeping done'))
      .catch((err: Error) => log.warn({ err: err.message }, 'housekeeping failed'));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
