import type {
  AddonPaymentData,
  BillingUsage,
  PaymentRecord,
  PaymentSetup,
  Pricing,
  Subscription,
} from '@app/contracts';

const ok = <T>(data: T) => ({ body: { success: true, data } });

export function makeUsage(overrides: Partial<BillingUsage> = {}): BillingUsage {
  return {
    plan_type: 'single',
    subscription_status: 'trialing',
    total_cost: 18,
    season_name: 'Fall 2025',
    classes_used: 1,
    max_base_classes: 3,
    addon_classes: 0,
    classes_remaining: 2,
    can_add_class: true,
    next_class_cost: 0,
    max_classes: 10,
    addon_price: 6,
    next_class: 'included',
    other_seasons: [],
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_local_123',
    plan_type: 'single',
    status: 'trialing',
    provider: 'local',
    trial_end: '2025-09-04T12:00:00.000Z',
    current_period_end: '2026-01-15T12:00:00.000Z',
    cancel_at_period_end: false,
    canceled_at: null,
    price: 18,
    season_name: 'Fall 2025',
    ...overrides,
  };
}

export function makeSetup(overrides: Partial<PaymentSetup> = {}): PaymentSetup {
  return {
    provider: 'local',
    publishable_key: null,
    price: 18,
    currency: 'usd',
    trial_days: 3,
    plan_name: 'Teacher',
    ...overrides,
  };
}

export function makePricing(): Pricing {
  return {
    currency: 'usd',
    plans: [
      {
        id: 'single',
        name: 'Teacher',
        price: 18,
        interval: 'semester',
        available: true,
        trial_days: 3,
        base_classes: 3,
        max_classes: 10,
        addon_price: 6,
        max_instructors: 1,
        features: ['3 classes per semester included', 'Student chat links'],
      },
      {
        id: 'department',
        name: 'Department',
        price: 135,
        interval: 'semester',
        available: false,
        trial_days: 0,
        base_classes: 3,
        max_classes: 10,
        addon_price: null,
        max_instructors: 10,
        features: ['Up to 10 instructors'],
      },
    ],
  };
}

export function makeAddon(overrides: Partial<AddonPaymentData> = {}): AddonPaymentData {
  return {
    provider: 'local',
    publishable_key: null,
    class_count: 1,
    unit_price: 6,
    amount: 6,
    currency: 'usd',
    can_purchase: true,
    max_purchasable: 7,
    season_name: 'Fall 2025',
    message: 'You can buy up to 7 more classes this semester.',
    ...overrides,
  };
}

export function makePayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'pay_1',
    kind: 'addon',
    description: 'Add-on class',
    amount: 6,
    currency: 'usd',
    status: 'not_charged',
    season_name: 'Fall 2025',
    created_at: '2025-09-02T10:00:00.000Z',
    ...overrides,
  };
}

export { ok };
