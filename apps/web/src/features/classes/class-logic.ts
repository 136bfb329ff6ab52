import { formatUsdExact } from '@/lib/format';
import { paymentErrorText } from '@/lib/payment-error';
import { validateClassCreation } from './api/validate-class-creation';
import { purchaseAddon } from '@/lib/api/purchase-addon';

export const BILLING_BLOCKED = 'Cannot create class due to billing restrictions';

/**
 * SPEC §8 billing check before creating a class. Resolves true when creation may go ahead.
 * The validation call failing lets creation proceed; a cost asks for confirmation and buys one
 * add-on class; no cost means creation is blocked with the server's message.
 */
export async function checkClassCreation(): Promise<boolean> {
  let check;
  try {
    check = await validateClassCreation();
  } catch (error) {
    console.error('Billing validation failed; continuing', error);
    return true;
  }
  if (check.can_create) return true;
  if (check.cost > 0) {
    const ok = window.confirm(
      `${check.message} This will cost ${formatUsdExact(check.cost)}. Do you want to continue?`,
    );
    if (!ok) return false;
    try {
      await purchaseAddon({ class_count: 1 });
    } catch (error) {
      window.alert(paymentErrorText(error));
      return false;
    }
    return true;
  }
  window.alert(check.message || BILLING_BLOCKED);
  return false;
}

/** Empty strings become null (SPEC §5 Copy class). */
export const orNull = (value: string | null | undefined) => {
  const v = (value ?? '').trim();
  return v ? v : null;
};
