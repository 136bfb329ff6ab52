import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

/** The account that owns trial documents' hidden classes (migration 007). */
export const TRIAL_OWNER_ID = '00000000-0000-4000-8000-00000000717a';

const sessionColumns = [
  'id',
  'class_id',
  'questions_used',
  'file_name',
  'file_size',
  'word_count',
  'expires_at',
] as const;

/** All SQL for no-signup trial sessions. A session past its expiry is treated as gone. */
export class TrialRepository extends Repository {
  create(expiresAt: Date) {
    return this.db
      .insertInto('trial_sessions')
      .values({ expires_at: expiresAt })
      .returning(sessionColumns)
      .executeTakeFirstOrThrow();
  }

  findLive(id: string, now: Date) {
    return this.db
      .selectFrom('trial_sessions')
      .select(sessionColumns)
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** The session's hidden class, created on its first upload (row-locked against a double upload). */
  async classFor(id: string, now: Date): Promise<string | undefined> {
    return this.transaction(async (trx) => {
      const session = await trx
        .selectFrom('trial_sessions')
        .select(['class_id'])
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .forUpdate()
        .executeTakeFirst();
      if (!session) return undefined;
      if (session.class_id) return session.class_id;
      const cls = await trx
        .insertInto('classes')
        .values({
          teacher_id: TRIAL_OWNER_ID,
          class_name: 'Trial document',
          season_name: 'Trial',
          is_active: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('trial_sessions')
        .set({ class_id: cls.id })
        .where('id', '=', id)
        .execute();
      return cls.id;
    });
  }

  /** Records the session's document (in the transaction that stores it as material). */
  async setDocument(
    id: string,
    document: { file_name: string; file_size: number; word_count: number },
    ex: Executor = this.db,
  ): Promise<void> {
    await ex.updateTable('trial_sessions').set(document).where('id', '=', id).execute();
  }

  /**
   * Takes one of the session's questions; undefined when none is left or the session is gone.
   * One UPDATE, so two questions sent at once cannot both take the last one.
   */
  async takeQuestion(id: string, limit: number, now: Date) {
    return this.db
      .updateTable('trial_sessions')
      .set((eb) => ({ questions_used: eb('questions_used', '+', 1) }))
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .where('questions_used', '<', limit)
      .returning(['questions_used', 'class_id'])
      .executeTakeFirst();
  }

  /**
   * Sets (or, null, removes) the visitor's rating of one reply; a live session holds at most as
   * many ratings as it asked questions. False when the session is gone or full.
   */
  async setFeedback(id: string, replyId: string, rating: string | null, now: Date) {
    const r = await this.db
      .updateTable('trial_sessions')
      .set({
        feedback:
          rating === null
            ? sql`feedback - ${replyId}::text`
            : sql`feedback || jsonb_build_object(${replyId}::text, ${rating}::text)`,
      })
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .where((eb) =>
        eb.or([
          eb(sql`feedback ? ${replyId}::text`, '=', true),
          eb(
            sql`(SELECT count(*) FROM jsonb_object_keys(feedback))`,
            '<',
            eb.ref('questions_used'),
          ),
        ]),
      )
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** Gives a question back when answering it failed. */
  async returnQuestion(id: string) {
    await this.db
      .updateTable('trial_sessions')
      .set((eb) => ({ questions_used: eb('questions_used', '-', 1) }))
      .where('id', '=', id)
      .where('questions_used', '>', 0)
      .execute();
  }

  /** Deletes sessions and their hidden classes (material and chunks go with the class). */
  async delete(where: { id: string } | { expiredBy: Date }): Promise<number> {
    return this.transaction(async (trx) => {
      let q = trx.deleteFrom('trial_sessions');
      q =
        'id' in where ? q.where('id', '=', where.id) : q.where('expires_at', '<=', where.expiredBy);
      const gone = await q.returning('class_id').execute();
      const classIds = gone.map((s) => s.class_id).filter((c): c is string => c !== null);
      if (classIds.length > 0) {
        await trx
          .deleteFrom('classes')
          .where('id', 'in', classIds)
          .where('teacher_id', '=', TRIAL_OWNER_ID)
          .execute();
      }
      return gone.length;
    });
  }
}
