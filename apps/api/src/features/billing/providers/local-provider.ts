import { randomUUID } from 'node:crypto';
import { LOCAL_PAYMENT_METHOD_PATTERN } from '@app/contracts';
import { invalidInput } from '../../../errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The demo provider used when no Stripe keys are set: the same flow and the same trial dates,
 * but no card is charged. The browser sends only `pm_local_<brand>_<last4>`, never a card number.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;

  async startSubscription(input: Parameters<PaymentProvider['startSubscription']>[0]) {
    if (!LOCAL_PAYMENT_METHOD_PATTERN.test(input.paymentMethodId)) {
      throw invalidInput('This card could not be used. Please check the card details.');
    }
    const trialEnd =
      input.trialDays > 0 ? new Date(input.now.getTime() + input.trialDays * 86_400_000) : null;
    return {
      subscriptionId: `sub_local_${randomUUID()}`,
      customerId: null,
      paymentMethodId: input.paymentMethodId,
      status: trialEnd ? ('trialing' as const) : ('active' as const),
      trialEnd,
      currentPeriodEnd: trialEnd,
    };
  }

  async chargeAddon() {
    return { ref: `local_addon_${randomUUID()}`, status: 'not_charged' as const };
  }

  async setCancelAtPeriodEnd() {}
}
