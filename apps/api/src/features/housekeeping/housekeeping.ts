import { PRUNE_BATCH, type HousekeepingRepository } from './housekeeping.repository.ts';

/** How often the prune runs (across all instances). */
export const HOUSEKEEPING_PERIOD_MS = 60 * 60 * 1000;

/** How long kept records live, in days (RETENTION_*; 0 keeps them for good). */
type Retention = { conversationsDays: number; emailsDays: number; sessionsDays: number };
export const DEFAULT_RETENTION: Retention = {
  conversationsDays: 730,
  emailsDays: 30,
  sessionsDays: 30,
};

/** Deletes `table`'s rows older than `days`, in batches; 0 days deletes nothing. */
async function deleteOlderThan(
  repo: HousekeepingRepository,
  table: 'conversations' | 'emails',
  days: number,
): Promise<number> {
  if (days <= 0) return 0;
  let total = 0;
  for (;;) {
    const n = await repo.deleteBatchOlderThan(table, days);
    total += n;
    if (n < PRUNE_BATCH) return total;
  }
}

/**
 * Deletes rows that can no longer matter: uploads never attached to an item, finished rate-limit windows (the longest is an hour),
 * expired refresh tokens and reset links, and, by the retention settings, revoked sessions,
 * conversations (with their contact requests) and e-mails.
 */
export async function pruneExpiredRows(
  repo: HousekeepingRepository,
  retention: Retention = DEFAULT_RETENTION,
): Promise<Record<string, number>> {
  return {
    ...(await repo.deleteExpired(retention.sessionsDays)),
    conversations: await deleteOlderThan(repo, 'conversations', retention.conversationsDays),
    emails: await deleteOlderThan(repo, 'emails', retention.emailsDays),
  };
}
