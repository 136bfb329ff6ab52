import { AppError } from '../../errors.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, so every API instance shares them (DESIGN §1).
 * `hit` counts one event; `check` tells whether the key is already over its limit.
 */
export class RateLimiter {
  constructor(private readonly deps: { repo: RateLimitRepository }) {}

  /** Counts one event and returns how many seconds to wait if this went over the limit, else 0. */
  async hit(key: string, limit: Limit): Promise<number> {
    return (await this.count(key, limit)).wait;
  }

  /**
   * Counts one event atomically (concurrent requests each get their own count) and returns the
   * count in the window and how many seconds to wait if this went over the limit, else 0.
   */
  async count(key: string, limit: Limit): Promise<{ hits: number; wait: number }> {
    const r = await this.deps.repo.hit(key, limit.windowSeconds);
    return { hits: r.hits, wait: r.hits > limit.max ? this.retryAfter(r.window_start, limit) : 0 };
  }

  /**
   * Two limits in one round trip, the first before the second: an event over `first` is refused
   * without counting toward `second` (one client flooding cannot use up everyone's allowance).
   * How many seconds to wait if this went over either, else 0.
   */
  async hitInTurn(
    first: { key: string; limit: Limit },
    second: { key: string; limit: Limit },
  ): Promise<number> {
    const r = await this.deps.repo.hitInTurn(
      { key: first.key, windowSeconds: first.limit.windowSeconds, max: first.limit.max },
      { key: second.key, windowSeconds: second.limit.windowSeconds },
    );
    if (r.first.hits > first.limit.max) return this.retryAfter(r.first.window_start, first.limit);
    if (r.second && r.second.hits > second.limit.max)
      return this.retryAfter(r.second.window_start, second.limit);
    return 0;
  }

  /** Takes back one counted event (it turned out not to be one the limit is about). */
  async refund(key: string): Promise<void> {
    await this.deps.repo.refund(key);
  }

  async check(key: string, limit: Limit): Promise<number> {
    const r = await this.deps.repo.current(key, limit.windowSeconds);
    return r && r.hits >= limit.max ? this.retryAfter(r.window_start, limit) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.deps.repo.reset(key);
  }

  private retryAfter(windowStart: Date, limit: Limit): number {
    const ends = windowStart.getTime() + limit.windowSeconds * 1000;
    return Math.max(1, Math.ceil((ends - Date.now()) / 1000));
  }
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message = 'Too many attempts. Please wait and try again.',
) {
  return new AppError('RATE_LIMITED', message, { 'retry-after': String(retryAfterSeconds) });
}
