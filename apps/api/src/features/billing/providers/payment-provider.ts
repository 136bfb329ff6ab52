import type { SubscriptionStatus } from '@app/contracts';

/** What the billing service needs from whoever takes the money. */
type StartedSubscription = {
  subscriptionId: string;
  customerId: string | null;
  paymentMethodId: string;
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
};

export type SubscriptionSnapshot = {
  subscriptionId: string;
  customerId: string | null;
  userId: string | null;
  /** the provider's own state, e.g. Stripe's 'past_due' */
  providerStatus: string;
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  readonly publishableKey: string | null;
  startSubscription(input: {
    userId: string;
    customerId: string | null;
    paymentMethodId: string;
    cardholderName: string;
    billingEmail: string;
    trialDays: number;
    now: Date;
  }): Promise<StartedSubscription>;
  chargeAddon(input: {
    userId: string;
    customerId: string | null;
    paymentMethodId: string | null;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<{ ref: string; status: 'succeeded' | 'not_charged' }>;
  /**
   * Cancels at the end of the period (`cancel`) or takes that back; `requestedAt` tells one
   * request from another (a cancel, a resume, then a cancel again are three writes).
   */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, requestedAt: Date): Promise<void>;
}
