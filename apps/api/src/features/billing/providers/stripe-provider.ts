import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { SubscriptionStatus } from '@app/contracts';
import { AppError } from '../../../errors.ts';
import type { PaymentProvider, SubscriptionSnapshot } from './payment-provider.ts';

type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  priceTeacher: string;
  apiUrl: string | undefined;
};

/** Stripe's subscription states onto ours (docs/decisions/004-billing.md). */
export function mapStripeStatus(status: string, current: SubscriptionStatus): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
    case 'past_due': // Stripe is still retrying the card: keep access during its retry window
      return 'active';
    case 'incomplete':
      return current === 'incomplete_signup' ? 'incomplete_signup' : 'suspended';
    default: // unpaid, canceled, incomplete_expired, paused
      return 'suspended';
  }
}

const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

export function createStripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2, // retries reuse the idempotency key, so a retried create happens once
    timeout: 20_000,
    appInfo: { name: 'Syllabot' },
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          protocol: url.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Turns Stripe's errors into ours: a declined card is the teacher's to fix (402), the rest is ours (502). */
function providerError(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw new AppError('PAYMENT_DECLINED', err.message || 'Your card was declined.');
  }
  if (err instanceof Stripe.errors.StripeError) {
    throw new AppError(
      'PAYMENT_PROVIDER_ERROR',
      'The payment provider could not process this. Please try again.',
    );
  }
  throw err;
}

/**
 * An idempotency key over every parameter of a write: a retry (ours or the SDK's) replays the
 * first result, and a corrected form makes a new request.
 */
const key = (...parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32);

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  constructor(
    readonly stripe: Stripe,
    private readonly settings: StripeSettings,
  ) {
    this.publishableKey = settings.publishableKey;
  }

  async startSubscription(input: Parameters<PaymentProvider['startSubscription']>[0]) {
    try {
      const customerId =
        input.customerId ??
        (
          await this.stripe.customers.create(
            {
              email: input.billingEmail,
              name: input.cardholderName,
              metadata: { user_id: input.userId },
            },
            {
              idempotencyKey: `customer-${key(input.userId, input.billingEmail, input.cardholderName)}`,
            },
          )
        ).id;
      const paymentMethod = await this.stripe.paymentMethods.attach(
        input.paymentMethodId,
        { customer: customerId },
        { idempotencyKey: `attach-${key(customerId, input.paymentMethodId)}` },
      );
      await this.stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethod.id } },
        { idempotencyKey: `default-card-${key(customerId, paymentMethod.id)}` },
      );
      const sub = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.settings.priceTeacher }],
          trial_period_days: input.trialDays || undefined,
          default_payment_method: paymentMethod.id,
          payment_behavior: 'error_if_incomplete', // without a trial a declined first charge is a 402 now
          metadata: { user_id: input.userId },
        },
        {
          idempotencyKey: `subscription-${key(input.userId, customerId, paymentMethod.id, input.trialDays)}`,
        },
      );
      const snapshot = this.snapshot(sub);
      return {
        subscriptionId: sub.id,
        customerId,
        paymentMethodId: paymentMethod.id,
        status: mapStripeStatus(sub.status, 'incomplete_signup'),
        trialEnd: snapshot.trialEnd,
        currentPeriodEnd: snapshot.currentPeriodEnd,
      };
    } catch (err) {
      return providerError(err);
    }
  }

  async chargeAddon(input: Parameters<PaymentProvider['chargeAddon']>[0]) {
    if (!input.customerId || !input.paymentMethodId) {
      throw new AppError('PAYMENT_DECLINED', 'No card is on file. Please add a card first.');
    }
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: { user_id: input.userId, kind: 'addon' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status !== 'succeeded') {
        throw new AppError(
          'PAYMENT_DECLINED',
          'The payment could not be completed. Please try another card.',
        );
      }
      return { ref: intent.id, status: 'succeeded' as const };
    } catch (err) {
      if (err instanceof AppError) throw err;
      return providerError(err);
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, requestedAt: Date) {
    try {
      await this.stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel },
        {
          idempotencyKey: `${cancel ? 'cancel' : 'resume'}-${key(subscriptionId)}-${requestedAt.getTime()}`,
        },
      );
    } catch (err) {
      providerError(err);
    }
  }

  async retrieve(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.snapshot(await this.stripe.subscriptions.retrieve(subscriptionId));
  }

  /** Verifies a webhook's signature over the raw body (5-minute tolerance). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.settings.webhookSecret)
      throw new AppError('WEBHOOK_INVALID', 'Webhooks are not configured');
    if (!signature) throw new AppError('WEBHOOK_INVALID', 'Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        300,
      );
    } catch {
      throw new AppError('WEBHOOK_INVALID', 'Invalid webhook signature');
    }
  }

  private snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
    // Newer API versions keep the period on the subscription item.
    const legacy = sub as unknown as { current_period_end?: number };
    const periodEnd = sub.items?.data?.[0]?.current_period_end ?? legacy.current_period_end;
    return {
      subscriptionId: sub.id,
      customerId: typeof sub.customer === 'string' ? sub.customer : (sub.customer?.id ?? null),
      userId: sub.metadata?.user_id ?? null,
      providerStatus: sub.status,
      status: mapStripeStatus(sub.status, 'trialing'),
      trialEnd: fromUnix(sub.trial_end),
      currentPeriodEnd: fromUnix(periodEnd),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      canceledAt: fromUnix(sub.canceled_at),
    };
  }
}
