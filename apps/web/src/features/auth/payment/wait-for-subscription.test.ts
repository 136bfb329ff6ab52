import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fetch-mock';
import {
  pollDelay,
  postPaymentUrl,
  waitForSubscription,
  type WaitForSubscriptionOptions,
} from './wait-for-subscription';

function harness(fetchUser: WaitForSubscriptionOptions['fetchUser']) {
  const waits: number[] = [];
  const warn = vi.fn();
  const run = () =>
    waitForSubscription({
      subscriptionId: 'sub_1',
      fetchUser,
      sleep: async (ms) => {
        waits.push(ms);
      },
      warn,
    });
  return { waits, warn, run };
}

const incomplete = makeUser({ subscription_status: 'incomplete_signup', subscription_id: null });

describe('post-payment polling (SPEC §4/§9)', () => {
  it('waits 200 ms × 1.2^attempt, capped at 1000 ms, over 25 attempts', async () => {
    const fetchUser = vi.fn(async () => incomplete);
    const { waits, run } = harness(fetchUser);
    expect(await run()).toBe('timeout');
    expect(fetchUser).toHaveBeenCalledTimes(25);
    expect(waits).toHaveLength(25);
    expect(waits.slice(0, 5)).toEqual([200, 240, 288, 346, 415]);
    expect(waits[8]).toBe(860); // 200 × 1.2^8 = 859.9
    expect(waits[9]).toBe(1000); // 200 × 1.2^9 = 1031.9 → capped
    expect(waits.slice(9).every((ms) => ms === 1000)).toBe(true);
    expect(Math.max(...waits)).toBe(1000);
    expect(pollDelay(0)).toBe(200);
    expect(pollDelay(24)).toBe(1000);
  });

  it.each([
    ['status trialing', { subscription_status: 'trialing' as const }],
    ['status active', { subscription_status: 'active' as const }],
    ['the matching subscription id', { subscription_id: 'sub_1' }],
  ])('confirms on %s', async (_, change) => {
    const fetchUser = vi
      .fn()
      .mockResolvedValueOnce(incomplete)
      .mockResolvedValueOnce(incomplete)
      .mockResolvedValue({ ...incomplete, ...change });
    const { waits, run } = harness(fetchUser);
    expect(await run()).toBe('confirmed');
    expect(fetchUser).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([200, 240, 288]);
  });

  it('only logs failed refreshes and keeps polling', async () => {
    const fetchUser = vi
      .fn()
      .mockRejectedValueOnce(new Error('Network error'))
      .mockResolvedValueOnce(null)
      .mockResolvedValue(makeUser({ subscription_status: 'trialing' }));
    const { warn, run } = harness(fetchUser);
    expect(await run()).toBe('confirmed');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('times out when every refresh fails', async () => {
    const fetchUser = vi.fn().mockRejectedValue(new Error('down'));
    const { warn, run } = harness(fetchUser);
    expect(await run()).toBe('timeout');
    expect(warn).toHaveBeenCalledTimes(25);
  });

  it('reports an unexpected error', async () => {
    const warn = vi.fn();
    const outcome = await waitForSubscription({
      subscriptionId: 'sub_1',
      fetchUser: async () => incomplete,
      sleep: async () => {
        throw new Error('timer broke');
      },
      warn,
    });
    expect(outcome).toBe('error');
    expect(warn).toHaveBeenCalled();
  });

  it('maps each outcome to the dashboard URL', () => {
    expect(postPaymentUrl('confirmed')).toBe('/dashboard?trial=active&welcome=true');
    expect(postPaymentUrl('timeout')).toBe('/dashboard?trial=active&welcome=true');
    expect(postPaymentUrl('error')).toBe(
      '/dashboard?trial=active&welcome=true&error=update_timeout',
    );
  });

  it('uses real timers by default', async () => {
    vi.useFakeTimers();
    const fetchUser = vi.fn(async () => makeUser({ subscription_status: 'trialing' }));
    const pending = waitForSubscription({ subscriptionId: 'x', fetchUser });
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBe('confirmed');
  });
});
