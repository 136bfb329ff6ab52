import {
  BASE_CLASSES_PER_SEASON,
  BILLING_MESSAGES,
  type ClassCreationCheck,
  type ErrorCode,
  MAX_CLASSES_PER_SEASON,
  type SubscriptionStatus,
} from '@app/contracts';

/**
 * The class allowance of one teacher in one season: the single rule that the usage page, the
 * add-on purchase and class creation all use.
 */
export type Allowance = {
  classesUsed: number;
  baseClasses: number;
  addonClasses: number;
  maxClasses: number;
  /** classes that can still be created without buying an add-on */
  classesRemaining: number;
  canAddClass: boolean;
  /** cents: 0 within base + add-ons, otherwise the add-on price */
  nextClassCostCents: number;
  /** add-ons that can still be bought this season */
  maxPurchasableAddons: number;
  subscriptionActive: boolean;
};

const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active'];

export function computeAllowance(input: {
  status: SubscriptionStatus;
  classesUsed: number;
  addonClasses: number;
  addonPriceCents: number;
}): Allowance {
  const included = BASE_CLASSES_PER_SEASON + input.addonClasses;
  const subscriptionActive = ACTIVE_STATUSES.includes(input.status);
  const canAddClass =
    subscriptionActive &&
    input.classesUsed < included &&
    input.classesUsed < MAX_CLASSES_PER_SEASON;
  return {
    classesUsed: input.classesUsed,
    baseClasses: BASE_CLASSES_PER_SEASON,
    addonClasses: input.addonClasses,
    maxClasses: MAX_CLASSES_PER_SEASON,
    classesRemaining: Math.max(0, included - input.classesUsed),
    canAddClass,
    nextClassCostCents: input.classesUsed < included ? 0 : input.addonPriceCents,
    maxPurchasableAddons: subscriptionActive ? Math.max(0, MAX_CLASSES_PER_SEASON - included) : 0,
    subscriptionActive,
  };
}

export const dollars = (cents: number) => Math.round(cents) / 100;
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type ClassCreationRule = {
  /** the code class creation is refused with (the add-on purchase's for the same condition); null: allowed */
  refusal: Extract<
    ErrorCode,
    'SUBSCRIPTION_INACTIVE' | 'CLASS_MAXIMUM_REACHED' | 'CLASS_LIMIT_REACHED'
  > | null;
  cost: number;
  message: string;
};

/** Whether a class may be created now, what it costs and the message that says so. */
export function classCreationRule(a: Allowance, addonPriceCents: number): ClassCreationRule {
  if (!a.subscriptionActive)
    return { refusal: 'SUBSCRIPTION_INACTIVE', cost: 0, message: BILLING_MESSAGES.inactive };
  if (a.canAddClass) return { refusal: null, cost: 0, message: BILLING_MESSAGES.withinAllowance };
  if (a.classesUsed >= a.maxClasses || a.maxPurchasableAddons === 0) {
    return {
      refusal: 'CLASS_MAXIMUM_REACHED',
      cost: 0,
      message: BILLING_MESSAGES.atCap(a.maxClasses),
    };
  }
  return {
    refusal: 'CLASS_LIMIT_REACHED',
    cost: dollars(addonPriceCents),
    message: BILLING_MESSAGES.needsAddon(
      a.baseClasses,
      a.addonClasses,
      formatDollars(addonPriceCents),
    ),
  };
}

/** SPEC §8 "Billing check before creating a class": can_create, cost and the message to show. */
export function classCreationCheck(a: Allowance, addonPriceCents: number): ClassCreationCheck {
  const { refusal, cost, message } = classCreationRule(a, addonPriceCents);
  return { can_create: refusal === null, cost, message };
}
