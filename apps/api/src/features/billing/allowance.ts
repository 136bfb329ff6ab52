import {
  BASE_CLASSES_PER_SEASON,
  BILLING_MESSAGES,
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

export const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active'];

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

/** SPEC §8 "Billing check before creating a class": can_create, cost and the message to show. */
export function classCreationCheck(a: Allowance, addonPriceCents: number) {
  if (!a.subscriptionActive)
    return { can_create: false, cost: 0, message: BILLING_MESSAGES.inactive };
  if (a.canAddClass)
    return { can_create: true, cost: 0, message: BILLING_MESSAGES.withinAllowance };
  if (a.classesUsed >= a.maxClasses || a.maxPurchasableAddons === 0) {
    return { can_create: false, cost: 0, message: BILLING_MESSAGES.atCap(a.maxClasses) };
  }
  return {
    can_create: false,
    cost: dollars(addonPriceCents),
    message: BILLING_MESSAGES.needsAddon(
      a.baseClasses + a.addonClasses,
      formatDollars(addonPriceCents),
    ),
  };
}
