import type { ClassCreationCheck } from '@app/contracts';
import { formatUsdExact } from '@/lib/format';
import { paymentErrorText } from '@/lib/payment-error';
import { validateClassCreation, type ClassTerm } from './api/validate-class-creation';
import { purchaseAddon } from '@/lib/api/purchase-addon';

export type { ClassTerm };

export const BILLING_BLOCKED = 'Cannot create class due to billing restrictions';

/** Refusals of one season only: a class of another semester may still fit its own. */
const SEASON_REFUSALS: ReadonlySet<ClassCreationCheck['refusal']> = new Set([
  'CLASS_LIMIT_REACHED',
  'CLASS_MAXIMUM_REACHED',
  'PLAN_CANCELLED',
]);

/**
 * SPEC §8 billing check before creating a class, for the class's semester and year: each class
 * counts toward its own semester's allowance. Resolves true when creation may go ahead. The
 * validation call failing lets creation proceed; a cost asks for confirmation and buys one add-on
 * class for that class's season; no cost means creation is blocked with the server's message.
 *
 * Without a term (Create New Class, before the wizard asks for the semester) only a refusal that
 * holds in every season stops: the wizard checks the class's own season before making it.
 */
export async function checkClassCreation(term?: ClassTerm): Promise<boolean> {
  let check;
  try {
    check = await validateClassCreation(term);
  } catch (error) {
    console.error('Billing validation failed; continuing', error);
    return true;
  }
  if (check.can_create) return true;
  if (!term && SEASON_REFUSALS.has(check.refusal)) return true;
  if (check.cost > 0) {
    const ok = window.confirm(
      `${check.message} This will cost ${formatUsdExact(check.cost)}. Do you want to continue?`,
    );
    if (!ok) return false;
    try {
      await purchaseAddon({ class_count: 1, season_name: check.season_name });
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
