import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import type { AccountAlertKind } from '../../db/schema.ts';
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

/**
 * All SQL for accounts, sessions, refresh tokens, reset links, e-mail changes and the "this wasn't
 * me" links of account alerts.
 */
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

  /** The account with its password hash, to check a current password. */
  findCredentials(id: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Holds the account's row until the transaction ends: its changes happen one at a time. */
  async lockUser(id: string, ex: Executor): Promise<void> {
    await ex.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  }

  /** Whether another account uses this e-mail (in any letter case). */
  async emailTakenByOther(email: string, userId: string, ex: Executor = this.db) {
    const row = await ex
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Names and institution; `email` only to write the same address in another letter case. */
  updateProfile(
    id: string,
    values: { first_name: string; last_name: string; institution: string | null; email?: string },
    ex: Executor = this.db,
  ) {
    return ex
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

  /** Reset links not used yet stop working (the address they went to may not be the owner's). */
  async expirePasswordResets(userId: string, ex: Executor): Promise<void> {
    await ex
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The new address an account is waiting to confirm (unexpired), if any. */
  async pendingEmailOf(userId: string, ex: Executor = this.db): Promise<string | null> {
    const row = await ex
      .selectFrom('email_changes')
      .select('new_email')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.new_email ?? null;
  }

  /** Cancels the account's pending e-mail change (expired or not); true when one was pending. */
  async cancelPendingEmailChanges(userId: string, ex: Executor): Promise<boolean> {
    const r = await ex
      .updateTable('email_changes')
      .set({ cancelled_at: new Date() })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .returning('expires_at')
      .execute();
    return r.some((row) => row.expires_at.getTime() > Date.now());
  }

  async insertEmailChange(
    values: {
      user_id: string;
      old_email: string;
      new_email: string;
      token_hash: string;
      expires_at: Date;
    },
    ex: Executor,
  ): Promise<string> {
    const row = await ex
      .insertInto('email_changes')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Uses a confirmation link once: its change, if it was pending and unexpired. */
  consumeEmailChange(tokenHash: string, ex: Executor) {
    return ex
      .updateTable('email_changes')
      .set({ confirmed_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('confirmed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['id', 'user_id', 'old_email', 'new_email'])
      .executeTakeFirst();
  }

  emailChangeById(id: string, ex: Executor) {
    return ex
      .selectFrom('email_changes')
      .select(['id', 'user_id', 'old_email', 'new_email', 'confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Moves the account from address `from` to `to`, if it still has `from` (a unique violation
   * when another account took `to` meanwhile). Returns the address set, or undefined.
   */
  async replaceEmail(
    userId: string,
    from: string,
    to: string,
    ex: Executor,
  ): Promise<string | undefined> {
    const row = await ex
      .updateTable('users')
      .set({ email: to, updated_at: new Date() })
      .where('id', '=', userId)
      .where(sql`lower(email)`, '=', from.toLowerCase())
      .returning('email')
      .executeTakeFirst();
    return row?.email;
  }

  async insertAccountAlert(values: {
    user_id: string;
    kind: AccountAlertKind;
    email_change_id: string | null;
    token_hash: string;
    expires_at: Date;
  }): Promise<void> {
    await this.db.insertInto('account_alerts').values(values).execute();
  }

  /** Uses a "this wasn't me" link once: its alert, if unused and unexpired. */
  consumeAccountAlert(tokenHash: string, ex: Executor) {
    return ex
      .updateTable('account_alerts')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['id', 'user_id', 'kind', 'email_change_id'])
      .executeTakeFirst();
  }
}
