import type { FastifyBaseLogger } from 'fastify';
import type { Trx } from '../../db/index.ts';
import type { AuthResult, ProfileUpdate, RegisterRequest, Tokens, User } from '@app/contracts';
import { AppError, unauthorized } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../ratelimit/rate-limiter.ts';
import { tooManyRequests, type Limit } from '../ratelimit/rate-limiter.ts';
import type { AuthRepository } from './auth.repository.ts';
import { type UserRow } from './auth.repository.ts';
import { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import type { TokenSigner } from './tokens.ts';
import { hashToken, looksLikeJwt, randomToken } from './tokens.ts';
import { passwordResetEmail } from './reset-email.ts';

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
} satisfies Record<string, Limit>;

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
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

function isUniqueViolation(err: unknown) {
  return (err as { code?: string }).code === '23505';
}

function weakPassword(message: string) {
  return new AppError('WEAK_PASSWORD', message);
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
    const email = input.email.toLowerCase();
    const pairKey = `login:pair:${email}:${input.address}`;
    const accountKey = `login:acct:${email}`;
    const addressKey = `login:addr:${input.address}`;
    // the attempt counts before the password is checked: parallel guesses cannot all reach it
    const pair = await this.deps.limiter.count(pairKey, AUTH_LIMITS.loginPerAccountAddress);
    const address = await this.deps.limiter.count(addressKey, AUTH_LIMITS.loginPerAddress);
    let wait = Math.max(pair.wait, address.wait);
    // an account under attack stops the addresses that have guessed wrong on it, not the owner
    if (!wait && pair.hits > 1)
      wait = await this.deps.limiter.check(accountKey, AUTH_LIMITS.loginPerAccount);
    if (wait) throw tooManyRequests(wait, 'Too many sign-in attempts. Please wait and try again.');

    const found = await this.repo.findUserByEmail(input.email);
    const ok = found
      ? await verifyPassword(found.password_hash, input.password)
      : (await burnVerifyTime(input.password), false);
    if (!found || !ok) {
      await this.deps.limiter.hit(accountKey, AUTH_LIMITS.loginPerAccount);
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    // a successful sign-in is not a guess: from this address the slate is clean again
    await this.deps.limiter.reset(pairKey);
    await this.deps.limiter.refund(addressKey);
    const { password_hash: _hash, ...user } = found;
    return { user: toUser(user), tokens: await this.startSession(found.id, input.userAgent) };
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
    if (!user) return;
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
   * Sets a new password. With an access token (a signed-in teacher) every other session ends;
   * with a reset link's token (recovery) the link is used up and every session ends.
   */
  async updatePassword(input: { bearer: string | undefined; password: string }): Promise<void> {
    if (!input.bearer) throw unauthorized();
    if (isCommonPassword(input.password)) throw weakPassword(COMMON_PASSWORD);
    const passwordHash = await hashPassword(input.password);
    if (looksLikeJwt(input.bearer)) {
      const principal = await this.authenticate(input.bearer);
      await this.repo.transaction(async (trx) => {
        await this.repo.setPassword(principal.userId, passwordHash, trx);
        await this.repo.revokeUserSessions(
          principal.userId,
          'password changed',
          principal.sessionId,
          trx,
        );
      });
      return;
    }
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
    return toUser(row);
  }

  async updateProfile(userId: string, input: ProfileUpdate): Promise<User> {
    try {
      const row = await this.repo.updateProfile(userId, {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        institution: input.institution || null,
      });
      if (!row) throw unauthorized();
      return toUser(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN);
      throw err;
    }
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
