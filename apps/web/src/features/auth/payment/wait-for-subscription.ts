import type { User } from '@app/contracts';

/** SPEC §4/§9 post-payment polling: up to 25 attempts, 200 ms × 1.2^attempt, capped at 1000 ms. */
const POLL_MAX_ATTEMPTS = 25;
const POLL_BASE_DELAY_MS = 200;
const POLL_GROWTH = 1.2;
const POLL_MAX_DELAY_MS = 1000;

const WELCOME_URL = '/dashboard?trial=active&welcome=true';
export const WELCOME_UPDATE_TIMEOUT_URL = `${WELCOME_URL}&error=update_timeout`;

type PollOutcome = 'confirmed' | 'timeout' | 'error';

/** The wait before attempt `attempt` (0-based), in whole milliseconds. */
export function pollDelay(attempt: number): number {
  return Math.min(Math.round(POLL_BASE_DELAY_MS * POLL_GROWTH ** attempt), POLL_MAX_DELAY_MS);
}

function isSubscriptionConfirmed(user: User | null, subscriptionId: string): boolean {
  if (!user) return false;
  return (
    user.subscription_status === 'trialing' ||
    user.subscription_status === 'active' ||
    user.subscription_id === subscriptionId
  );
}

export interface WaitForSubscriptionOptions {
  /** The id returned by create-trial-subscription. */
  subscriptionId: string;
  /** Fetches (and stores) the current user. A failure is logged and the next attempt follows. */
  fetchUser(): Promise<User | null>;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  warn?: (message: string, error?: unknown) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes the user until the new subscription shows. 'timeout' when it never did, 'error' when
 * something other than a refresh failed (refresh failures are only logged).
 */
export async function waitForSubscription({
  subscriptionId,
  fetchUser,
  sleep = realSleep,
  maxAttempts = POLL_MAX_ATTEMPTS,
  warn = (message, error) => console.warn(message, error),
}: WaitForSubscriptionOptions): Promise<PollOutcome> {
  try {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      await sleep(pollDelay(attempt));
      let user: User | null;
      try {
        user = await fetchUser();
      } catch (error) {
        warn(`Subscription status check ${attempt + 1} failed`, error);
        continue;
      }
      if (isSubscriptionConfirmed(user, subscriptionId)) return 'confirmed';
    }
    return 'timeout';
  } catch (error) {
    warn('Waiting for the subscription failed', error);
    return 'error';
  }
}

/** Where the browser goes after payment (SPEC §4 "After payment"). */
export function postPaymentUrl(outcome: PollOutcome): string {
  return outcome === 'error' ? WELCOME_UPDATE_TIMEOUT_URL : WELCOME_URL;
}
