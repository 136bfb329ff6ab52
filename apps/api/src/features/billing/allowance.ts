import {
  BASE_CLASSES_PER_SEASON,
  BILLING_MESSAGES,
  type ClassCreationCheck,
  type ErrorCode,
  MAX_CLASSES_PER_SEASON,
  type NextClass,
  type SubscriptionStatus,
} from '@app/contracts';

/**
 * The class allowance of one teacher in one season: the single rule that the usage page, the
 * add-on purchase and class creation all use.
 */
export type Allowance = {
  /** the season ("Spring 2027") counted: a class counts in its own semester's season */
  seasonName: string;
  classesUsed: number;
  baseClasses: number;
  addonClasses: number;
  maxClasses: number;
  /** classes that can still be created without buying an add-on */
  classesRemaining: number;
  canAddClass: boolean;
  /** what the next class takes: every message and offer follows from this */
  nextClass: NextClass;
  /** cents: the add-on price when the next class needs an add-on (offered), else 0 */
  nextClassCostCents: number;
  /** add-ons the season still has room for (0 without a running, uncancelled plan) */
  maxPurchasableAddons: number;
  subscriptionActive: boolean;
  /** cancelled at the end of the trial or period: it runs until then, but buys no add-on */
  cancelling: boolean;
};

const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active'];

export function computeAllowance(input: {
  seasonName: string;
  status: SubscriptionStatus;
  /** cancelled at the end of the trial or period: it runs until then, but buys no add-on */
  cancelling: boolean;
  classesUsed: number;
  addonClasses: number;
  addonPriceCents: number;
}): Allowance {
  const included = BASE_CLASSES_PER_SEASON + input.addonClasses;
  const subscriptionActive = ACTIVE_STATUSES.includes(input.status);
  const nextClass: NextClass = !subscriptionActive
    ? 'inactive'
    : input.classesUsed < included && input.classesUsed < MAX_CLASSES_PER_SEASON
      ? 'included'
      : input.classesUsed >= MAX_CLASSES_PER_SEASON || included >= MAX_CLASSES_PER_SEASON
        ? 'maximum'
        : input.cancelling
          ? 'cancelled'
          : 'addon';
  return {
    seasonName: input.seasonName,
    classesUsed: input.classesUsed,
    baseClasses: BASE_CLASSES_PER_SEASON,
    addonClasses: input.addonClasses,
    maxClasses: MAX_CLASSES_PER_SEASON,
    // without a running plan no class can be made, so none is left
    classesRemaining: subscriptionActive ? Math.max(0, included - input.classesUsed) : 0,
    canAddClass: nextClass === 'included',
    nextClass,
    nextClassCostCents: nextClass === 'addon' ? input.addonPriceCents : 0,
    maxPurchasableAddons:
      subscriptionActive && !input.cancelling ? Math.max(0, MAX_CLASSES_PER_SEASON - included) : 0,
    subscriptionActive,
    cancelling: input.cancelling,
  };
}

export const dollars = (cents: number) => Math.round(cents) / 100;
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Refusal = Extract<
  ErrorCode,
  'SUBSCRIPTION_INACTIVE' | 'CLASS_MAXIMUM_REACHED' | 'CLASS_LIMIT_REACHED' | 'PLAN_CANCELLED'
>;

type ClassCreationRule = {
  /** the code class creation is refused with (the add-on purchase's for the same condition); null: allowed */
  refusal: Refusal | null;
  cost: number;
  message: string;
};

/** The message that says why nothing more can be added, for the states where nothing can. */
function closedMessage(a: Allowance): { refusal: Refusal; message: string } | null {
  if (a.nextClass === 'inactive')
    return { refusal: 'SUBSCRIPTION_INACTIVE', message: BILLING_MESSAGES.inactive };
  if (a.nextClass === 'maximum')
    return {
      refusal: 'CLASS_MAXIMUM_REACHED',
      message: BILLING_MESSAGES.atCap(a.maxClasses, a.seasonName),
    };
  if (a.nextClass === 'cancelled')
    return {
      refusal: 'PLAN_CANCELLED',
      message: BILLING_MESSAGES.cancelledFull(a.baseClasses, a.addonClasses, a.seasonName),
    };
  return null;
}

/** Whether a class may be created now, what it costs and the message that says so. */
export function classCreationRule(a: Allowance, addonPriceCents: number): ClassCreationRule {
  const closed = closedMessage(a);
  if (closed) return { ...closed, cost: 0 };
  if (a.nextClass === 'included')
    return { refusal: null, cost: 0, message: BILLING_MESSAGES.withinAllowance };
  return {
    refusal: 'CLASS_LIMIT_REACHED',
    cost: dollars(addonPriceCents),
    message: BILLING_MESSAGES.needsAddon(
      a.baseClasses,
      a.addonClasses,
      formatDollars(addonPriceCents),
      a.seasonName,
    ),
  };
}

/**
 * Whether an add-on class may be bought now: only when the season's included classes are used
 * (so never beside "Next class: Included"), below the maximum, with a running, uncancelled plan.
 */
export function addonRule(a: Allowance): {
  refusal: Refusal | 'ADDON_NOT_NEEDED' | null;
  message: string;
} {
  const closed = closedMessage(a);
  if (closed) return closed;
  if (a.cancelling) return { refusal: 'PLAN_CANCELLED', message: BILLING_MESSAGES.cancelled };
  if (a.maxPurchasableAddons === 0)
    return {
      refusal: 'CLASS_MAXIMUM_REACHED',
      message: BILLING_MESSAGES.atCap(a.maxClasses, a.seasonName),
    };
  if (a.nextClass === 'included')
    return {
      refusal: 'ADDON_NOT_NEEDED',
      message: BILLING_MESSAGES.addonNotNeeded(a.classesRemaining, a.seasonName),
    };
  return { refusal: null, message: '' };
}

/** SPEC §8 "Billing check before creating a class": can_create, cost and the message to show. */
export function classCreationCheck(a: Allowance, addonPriceCents: number): ClassCreationCheck {
  const { refusal, cost, message } = classCreationRule(a, addonPriceCents);
  return { can_create: refusal === null, cost, message, season_name: a.seasonName, refusal };
}
