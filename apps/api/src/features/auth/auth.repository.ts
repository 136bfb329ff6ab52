import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

export type UserRow = Awaited<ReturnType<AuthRepository['findUserById']>> & {};

const userColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'institution',
  'school',
  'department',
  'subscription_status',
  'subscription_id',
  'trial_end',
  'created_at',
] as const;

/** All SQL for accounts, sessions, refresh tokens and reset links. */
export class AuthRepository extends Repository {
  findUserById(id: string, ex: Executor = this.db) {
    return ex.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  }

  findUserByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select([...userColumns, 'password_hash'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  insertUser(
    values: {
      email: string;
      password_hash: string;
      first_name: string;
      last_name: string;
      institution: string | null;
    },
    ex: Executor = this.db,
  ) {
    return ex.insertInto('users').values(values).returning(userColumns).executeTakeFirstOrThrow();
  }

  updateProfile(
    id: string,
    values: { email: string; first_name: string; last_name: string; institution: string | null },
  ) {
    return this.db
      .updateTable('users')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .returning(userColumns)
      .executeTakeFirst();
  }

  setPassword(userId: string, passwordHash: string, ex: Executor = this.db) {
    return ex
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  insertSession(userId: string, userAgent: string | null, ex: Executor = this.db) {
    return ex
      .insertInto('sessions')
      .values({ user_id: userId, user_agent: userAgent?.slice(0, 300) ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** The session is live if it exists, is not revoked, and belongs to the user. */
  async isSessionLive(sessionId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Boolean(row);
  }

  revokeSession(sessionId: string, reason: string, ex: Executor = this.db) {
    return ex
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  revokeUserSessions(
    userId: string,
    reason: string,
    exceptSessionId: string | null,
    ex: Executor = this.db,
  ) {
    let q = ex
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
    return q.execute();
  }

  insertRefreshToken(
    sessionId: string,
    tokenHash: string,
    expiresAt: Date,
    ex: Executor = this.db,
  ) {
    return ex
      .insertInto('refresh_tokens')
      .values({ session_id: sessionId, token_hash: tokenHash, expires_at: expiresAt })
      .execute();
  }

  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens as rt')
      .innerJoin('sessions as s', 's.id', 'rt.session_id')
      .select([
        'rt.id',
        'rt.session_id',
        'rt.expires_at',
        'rt.used_at',
        's.user_id',
        's.revoked_at',
      ])
      .where('rt.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the token used; false when another request already used it (a race or a replay). */
  async markRefreshTokenUsed(id: string, ex: Executor): Promise<boolean> {
    const r = await ex
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  insertPasswordReset(userId: string, tokenHash: string, expiresAt: Date) {
    return this.db
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
      .execute();
  }

  /** Uses a reset link once: returns its user if it was unused and unexpired. */
  async consumePasswordReset(tokenHash: string, ex: Executor): Promise<string | undefined> {
    const row = await ex
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }
}
