import type { FastifyBaseLogger } from 'fastify';
import type { Trx } from '../../db/index.ts';
import {
  ACCOUNT_MESSAGES,
  type AuthResult,
  type EmailConfirmed,
  type NotMeResult,
  type ProfileUpdate,
  type RegisterRequest,
  type Tokens,
  type User,
} from '@app/contracts';
import type { AccountAlertKind } from '../../db/schema.ts';
import { AppError, InputValidationError, unauthorized } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../ratelimit/rate-limiter.ts';
import { tooManyRequests, type Limit } from '../ratelimit/rate-limiter.ts';
import type { AuthRepository } from './auth.repository.ts';
import { type UserRow } from './auth.repository.ts';
import { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import type { TokenSigner } from './tokens.ts';
import { hashToken, looksLikeJwt, randomToken } from './tokens.ts';
import { passwordResetEmail } from './reset-email.ts';
import { accountAlertEmail, confirmEmailChangeEmail } from './account-emails.ts';

const AUTH_LIMITS = {
  /** sign-in attempts on one account from one address */
  loginPerAccountAddress: { max: 5, windowSeconds: 15 * 60 },
  /**
   * failed sign-ins on one account from anywhere: past it, only addresses that have not guessed
   * wrong on it may still try (the owner at a fresh address is never locked out)
   */
  loginPerAccount: { max: 50, windowSeconds: 15 * 60 },
  /** failed sign-ins from one address, on any account */
  loginPerAddress: { max: 20, windowSeconds: 15 * 60 },
  registerPerAddress: { max: 10, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 3, windowSeconds: 60 * 60 },
  /** confirmation links a signed-in account may have sent to new addresses */
  emailChangePerAccount: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** how long the link that confirms a new e-mail address works */
const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** how long a "this wasn't me" link works (an alert may be read days later) */
const NOT_ME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
const COMMON_PASSWORD = 'This password is too common. Please choose a less predictable one.';
const INVALID_RESET_LINK =
  'This password reset link is invalid or has expired. Please request a new one.';

type AuthServiceDeps = {
  repo: AuthRepository;
  limiter: RateLimiter;
  signer: TokenSigner;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  refreshTokenTtlDays: number;
};

/** What a bearer token resolved to. */
export type Principal = { userId: string; sessionId: string };

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    institution: row.institution,
    school: row.school,
    department: row.department,
    subscription_status: row.subscription_status,
    subscription_id: row.subscription_id,
    trial_end: row.trial_end ? row.trial_end.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

/** The rate-limit keys of password attempts on one account from one address (sign-in's). */
type PasswordAttemptKeys = { pair: string; account: string; address: string };

function isUniqueViolation(err: unknown) {
  return (err as { code?: string }).code === '23505';
}

function weakPassword(message: string) {
  return new AppError('WEAK_PASSWORD', message);
}

/** Signed in, SPEC's {password} needs `current_password` beside it (a 422 naming the field). */
function currentPasswordMissing() {
  return new InputValidationError([
    {
      loc: ['body', 'current_password'],
      msg: ACCOUNT_MESSAGES.currentPasswordRequired,
      type: 'missing',
    },
  ]);
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private get repo() {
    return this.deps.repo;
  }

  async register(
    input: RegisterRequest & { address: string; userAgent: string | null },
  ): Promise<AuthResult> {
    const wait = await this.deps.limiter.hit(
      `register:addr:${input.address}`,
      AUTH_LIMITS.registerPerAddress,
    );
    if (wait)
      throw tooManyRequests(wait, 'Too many sign-ups from this network. Please try again later.');
    if (isCommonPassword(input.password)) throw weakPassword(COMMON_PASSWORD);
    const passwordHash = await hashPassword(input.password);
    try {
      // the account and its first session are written together or not at all
      return await this.repo.transaction(async (trx) => {
        const row = await this.repo.insertUser(
          {
            email: input.email,
            password_hash: passwordHash,
            first_name: input.first_name,
            last_name: input.last_name,
            institution: input.institution || null,
          },
          trx,
        );
        return { user: toUser(row), tokens: await this.startSession(row.id, input.userAgent, trx) };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
      throw err;
    }
  }

  async login(input: {
    email: string;
    password: string;
    address: string;
    userAgent: string | null;
  }): Promise<AuthResult> {
    const keys = await this.countPasswordAttempt(
      input.email,
      input.address,
      'Too many sign-in attempts. Please wait and try again.',
    );
    const found = await this.repo.findUserByEmail(input.email);
    const ok = found
      ? await verifyPassword(found.password_hash, input.password)
      : (await burnVerifyTime(input.password), false);
    if (!found || !ok) {
      await this.deps.limiter.hit(keys.account, AUTH_LIMITS.loginPerAccount);
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    await this.passwordAccepted(keys);
    const { password_hash: _hash, ...user } = found;
    return { user: toUser(user), tokens: await this.startSession(found.id, input.userAgent) };
  }

  /**
   * Counts one password attempt on the account of `email` from `address` before the password is
   * checked, so parallel guesses cannot all reach it; 429 past the limits. Signing in and the
   * current password of a signed-in change share these counters.
   */
  private async countPasswordAttempt(
    email: string,
    address: string,
    tooMany: string,
  ): Promise<PasswordAttemptKeys> {
    const lower = email.toLowerCase();
    const keys = {
      pair: `login:pair:${lower}:${address}`,
      account: `login:acct:${lower}`,
      address: `login:addr:${address}`,
    };
    const pair = await this.deps.limiter.count(keys.pair, AUTH_LIMITS.loginPerAccountAddress);
    const byAddress = await this.deps.limiter.count(keys.address, AUTH_LIMITS.loginPerAddress);
    let wait = Math.max(pair.wait, byAddress.wait);
    // an account under attack stops the addresses that have guessed wrong on it, not the owner
    if (!wait && pair.hits > 1)
      wait = await this.deps.limiter.check(keys.account, AUTH_LIMITS.loginPerAccount);
    if (wait) throw tooManyRequests(wait, tooMany);
    return keys;
  }

  /** A right password is not a guess: from this address the slate is clean again. */
  private async passwordAccepted(keys: PasswordAttemptKeys): Promise<void> {
    await this.deps.limiter.reset(keys.pair);
    await this.deps.limiter.refund(keys.address);
  }

  /**
   * The signed-in teacher's current password, asked before the password or the e-mail changes:
   * a stolen access token alone cannot. A wrong one is a 403 (not a 401, which would
   * end the session of a teacher who mistyped) and counts as a failed sign-in.
   */
  private async verifyCurrentPassword(userId: string, password: string, address: string) {
    const user = await this.repo.findCredentials(userId);
    if (!user) throw unauthorized();
    const keys = await this.countPasswordAttempt(
      user.email,
      address,
      ACCOUNT_MESSAGES.tooManyAttempts,
    );
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.deps.limiter.hit(keys.account, AUTH_LIMITS.loginPerAccount);
      throw new AppError('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword);
    }
    await this.passwordAccepted(keys);
    return user;
  }

  /** Resolves an access token to its user and live session, or throws 401. */
  async authenticate(accessToken: string): Promise<Principal> {
    const claims = await this.deps.signer.verifyAccess(accessToken);
    if (claims === 'expired')
      throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
    if (claims === 'invalid') throw new AppError('TOKEN_INVALID', 'Invalid authentication token');
    if (!(await this.repo.isSessionLive(claims.sessionId, claims.userId))) {
      throw new AppError('TOKEN_INVALID', 'This session has ended. Please sign in again.');
    }
    return claims;
  }

  /** Rotates a refresh token. Presenting one that was already used revokes its whole family. */
  async refresh(refreshToken: string): Promise<Tokens> {
    const found = await this.repo.findRefreshToken(hashToken(refreshToken));
    const invalid = () => new AppError('TOKEN_INVALID', 'Invalid or expired refresh token');
    if (!found || found.revoked_at) throw invalid();
    if (found.used_at) {
      await this.repo.revokeSession(found.session_id, 'refresh token reuse');
      this.deps.log.warn({ sessionId: found.session_id }, 'refresh token reused: session revoked');
      throw invalid();
    }
    if (found.expires_at.getTime() <= Date.now()) throw invalid();

    const next = randomToken();
    const rotated = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.markRefreshTokenUsed(found.id, trx))) return false;
      await this.repo.insertRefreshToken(
        found.session_id,
        hashToken(next),
        this.refreshExpiry(),
        trx,
      );
      return true;
    });
    if (!rotated) {
      await this.repo.revokeSession(found.session_id, 'refresh token reuse');
      throw invalid();
    }
    const access_token = await this.deps.signer.signAccess({
      userId: found.user_id,
      sessionId: found.session_id,
    });
    return { access_token, refresh_token: next };
  }

  async logout(principal: Principal): Promise<void> {
    await this.repo.revokeSession(principal.sessionId, 'logout');
  }

  /** Always resolves the same way; e-mails a single-use link only when the account exists. */
  async requestPasswordReset(input: { email: string; address: string }): Promise<void> {
    const wait = await this.deps.limiter.hit(
      `reset:addr:${input.address}`,
      AUTH_LIMITS.resetPerAddress,
    );
    if (wait) throw tooManyRequests(wait, 'Too many reset requests. Please try again later.');
    // The lookup and the e-mail run after the reply so its timing says nothing about the account.
    this.deps.mailer.later(
      () => this.sendResetLink(input.email),
      (err) => this.deps.log.error({ err: err.message }, 'password reset e-mail failed'),
    );
  }

  private async sendResetLink(email: string): Promise<void> {
    const user = await this.repo.findUserByEmail(email);
    if (user) await this.issueResetLink(user);
  }

  /** E-mails a single-use reset link to the account's address (at most 3 an hour). */
  private async issueResetLink(user: { id: string; email: string; first_name: string }) {
    if (await this.deps.limiter.hit(`reset:acct:${user.id}`, AUTH_LIMITS.resetPerAccount)) return;
    const token = randomToken();
    await this.repo.insertPasswordReset(
      user.id,
      hashToken(token),
      new Date(Date.now() + RESET_LINK_TTL_MS),
    );
    const link = `${this.deps.publicUrl}/?reset_token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(
      passwordResetEmail({ to: user.email, firstName: user.first_name, link }),
    );
  }

  /**
   * Sets a new password. With an access token (a signed-in teacher) the current password is
   * needed too, every other session ends and the address on file is told; with a reset link's
   * token (recovery, the link proves itself) the link is used up and every session ends.
   */
  async updatePassword(input: {
    bearer: string | undefined;
    password: string;
    currentPassword: string | undefined;
    address: string;
  }): Promise<void> {
    if (!input.bearer) throw unauthorized();
    if (looksLikeJwt(input.bearer)) {
      const principal = await this.authenticate(input.bearer);
      if (input.currentPassword === undefined) throw currentPasswordMissing();
      if (isCommonPassword(input.password)) throw weakPassword(COMMON_PASSWORD);
      const user = await this.verifyCurrentPassword(
        principal.userId,
        input.currentPassword,
        input.address,
      );
      const passwordHash = await hashPassword(input.password);
      await this.repo.transaction(async (trx) => {
        await this.repo.setPassword(principal.userId, passwordHash, trx);
        await this.repo.revokeUserSessions(
          principal.userId,
          'password changed',
          principal.sessionId,
          trx,
        );
      });
      this.alertLater(user, 'password_changed');
      return;
    }
    if (isCommonPassword(input.password)) throw weakPassword(COMMON_PASSWORD);
    const passwordHash = await hashPassword(input.password);
    const changed = await this.repo.transaction(async (trx) => {
      const userId = await this.repo.consumePasswordReset(hashToken(input.bearer!), trx);
      if (!userId) return false;
      await this.repo.setPassword(userId, passwordHash, trx);
      await this.repo.revokeUserSessions(userId, 'password reset', null, trx);
      return true;
    });
    if (!changed) throw new AppError('TOKEN_INVALID', INVALID_RESET_LINK);
  }

  async getProfile(userId: string): Promise<User> {
    const row = await this.repo.findUserById(userId);
    if (!row) throw unauthorized();
    return { ...toUser(row), pending_email: await this.repo.pendingEmailOf(userId) };
  }

  /**
   * Updates the profile once the current password is proven. Names and institution change at
   * once; a new e-mail address does not: it is sent a single-use link (24 hours) and the account
   * keeps its address until the link is opened, while the address on file is told of the request.
   */
  async updateProfile(userId: string, input: ProfileUpdate, address: string): Promise<User> {
    const user = await this.verifyCurrentPassword(userId, input.current_password, address);
    const changing = input.email.toLowerCase() !== user.email.toLowerCase();
    if (changing) {
      const wait = await this.deps.limiter.hit(
        `email-change:acct:${userId}`,
        AUTH_LIMITS.emailChangePerAccount,
      );
      if (wait) throw tooManyRequests(wait, ACCOUNT_MESSAGES.tooManyEmailChanges);
    }
    const token = randomToken();
    const { row, changeId } = await this.repo.transaction(async (trx) => {
      // one change of this account at a time: a concurrent request waits and then replaces it
      await this.repo.lockUser(userId, trx);
      let changeId: string | undefined;
      if (changing) {
        if (await this.repo.emailTakenByOther(input.email, userId, trx))
          throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
        await this.repo.cancelPendingEmailChanges(userId, trx);
        changeId = await this.repo.insertEmailChange(
          {
            user_id: userId,
            old_email: user.email,
            new_email: input.email,
            token_hash: hashToken(token),
            expires_at: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
          },
          trx,
        );
      }
      const row = await this.repo.updateProfile(
        userId,
        {
          first_name: input.first_name,
          last_name: input.last_name,
          institution: input.institution || null,
          // the same address in other letters is no change of address
          ...(changing ? {} : { email: input.email }),
        },
        trx,
      );
      if (!row) throw unauthorized();
      return { row, changeId };
    });
    if (changeId) {
      const link = `${this.deps.publicUrl}/?confirm_email_token=${encodeURIComponent(token)}`;
      this.deps.mailer.later(
        () =>
          this.deps.mailer.send(
            confirmEmailChangeEmail({ to: input.email, firstName: row.first_name, link }),
          ),
        (err) => this.deps.log.error({ err: err.message }, 'e-mail confirmation link failed'),
      );
      this.alertLater(
        { id: userId, email: user.email, first_name: row.first_name },
        'email_change_requested',
        { id: changeId, newEmail: input.email },
      );
    }
    return { ...toUser(row), pending_email: await this.repo.pendingEmailOf(userId) };
  }

  /**
   * The link sent to a new address: the account takes that address (once; unexpired; only the
   * latest request's link), reset links sent to the old address stop working, and the old
   * address is told.
   */
  async confirmEmail(token: string): Promise<EmailConfirmed> {
    let change;
    try {
      change = await this.repo.transaction(async (trx) => {
        const found = await this.repo.consumeEmailChange(hashToken(token), trx);
        if (!found) return undefined;
        const set = await this.repo.replaceEmail(
          found.user_id,
          found.old_email,
          found.new_email,
          trx,
        );
        if (!set) return undefined;
        await this.repo.expirePasswordResets(found.user_id, trx);
        return found;
      });
    } catch (err) {
      // another account took the address after it was asked for
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
      throw err;
    }
    if (!change) throw new AppError('TOKEN_INVALID', ACCOUNT_MESSAGES.invalidConfirmLink);
    const user = await this.repo.findUserById(change.user_id);
    if (user)
      this.alertLater(
        { id: user.id, email: change.old_email, first_name: user.first_name },
        'email_changed',
        { id: change.id, newEmail: change.new_email },
      );
    return { email: change.new_email };
  }

  /**
   * "This wasn't me", from an alert sent to the address on file: every session of the account
   * ends, a pending e-mail change is cancelled, an address the alert's change replaced comes back,
   * reset links not used yet stop working, and the password stops working (whoever made the
   * change knows it): a reset link goes to the address on file. The link works once.
   */
  async reportNotMe(token: string): Promise<NotMeResult> {
    const lockedHash = await hashPassword(randomToken());
    const attempt = () =>
      this.repo.transaction(async (trx) => {
        const alert = await this.repo.consumeAccountAlert(hashToken(token), trx);
        if (!alert) return undefined;
        await this.repo.lockUser(alert.user_id, trx);
        await this.repo.revokeUserSessions(alert.user_id, 'reported by the owner', null, trx);
        const cancelled = await this.repo.cancelPendingEmailChanges(alert.user_id, trx);
        let restored: string | null = null;
        const change = alert.email_change_id
          ? await this.repo.emailChangeById(alert.email_change_id, trx)
          : undefined;
        if (
          change?.confirmed_at &&
          !(await this.repo.emailTakenByOther(change.old_email, alert.user_id, trx))
        )
          restored =
            (await this.repo.replaceEmail(
              alert.user_id,
              change.new_email,
              change.old_email,
              trx,
            )) ?? null;
        await this.repo.expirePasswordResets(alert.user_id, trx);
        await this.repo.setPassword(alert.user_id, lockedHash, trx);
        return { userId: alert.user_id, cancelled, restored };
      });
    let done;
    try {
      done = await attempt();
    } catch (err) {
      // the old address was taken between the check and the write: again, now without it
      if (!isUniqueViolation(err)) throw err;
      done = await attempt();
    }
    if (!done) throw new AppError('TOKEN_INVALID', ACCOUNT_MESSAGES.invalidNotMeLink);
    this.deps.log.warn({ userId: done.userId }, 'account change reported as not the owner');
    const userId = done.userId;
    this.deps.mailer.later(
      async () => {
        const user = await this.repo.findUserById(userId);
        if (user) await this.issueResetLink(user);
      },
      (err) => this.deps.log.error({ err: err.message }, 'password reset e-mail failed'),
    );
    return { email_change_cancelled: done.cancelled, email_restored: done.restored };
  }

  /** Tells the address on file of a change, with a "this wasn't me" link, after the reply. */
  private alertLater(
    user: { id: string; email: string; first_name: string },
    kind: AccountAlertKind,
    change?: { id: string; newEmail: string },
  ): void {
    this.deps.mailer.later(
      async () => {
        const token = randomToken();
        await this.repo.insertAccountAlert({
          user_id: user.id,
          kind,
          email_change_id: change?.id ?? null,
          token_hash: hashToken(token),
          expires_at: new Date(Date.now() + NOT_ME_LINK_TTL_MS),
        });
        const link = `${this.deps.publicUrl}/?not_me_token=${encodeURIComponent(token)}`;
        await this.deps.mailer.send(
          accountAlertEmail({
            kind,
            to: user.email,
            firstName: user.first_name,
            newEmail: change?.newEmail,
            link,
          }),
        );
      },
      (err) => this.deps.log.error({ err: err.message, kind }, 'account alert e-mail failed'),
    );
  }

  private refreshExpiry() {
    return new Date(Date.now() + this.deps.refreshTokenTtlDays * 86_400_000);
  }

  private async startSession(userId: string, userAgent: string | null, trx?: Trx): Promise<Tokens> {
    const refresh_token = randomToken();
    const write = async (ex: Trx) => {
      const session = await this.repo.insertSession(userId, userAgent, ex);
      await this.repo.insertRefreshToken(
        session.id,
        hashToken(refresh_token),
        this.refreshExpiry(),
        ex,
      );
      return session.id;
    };
    const sessionId = trx ? await write(trx) : await this.repo.transaction(write);
    const access_token = await this.deps.signer.signAccess({ userId, sessionId });
    return { access_token, refresh_token };
  }
}
