import { z } from './zod.ts';
import { subscriptionStatusSchema } from './auth.ts';
import type { Semester } from './classes.ts';

/** Season names in SPEC §9 ("Season by month"). Winter exists only as a class semester. */
export const SEASON_NAMES = ['Spring', 'Summer', 'Fall'] as const;
export type SeasonName = (typeof SEASON_NAMES)[number];

/**
 * The billing season a class's semester falls in: its own name, but a Winter term (January, by
 * the months of SPEC §9) is counted in Spring.
 */
const BILLING_SEASON_OF: Record<Semester, SeasonName> = {
  Spring: 'Spring',
  Summer: 'Summer',
  Fall: 'Fall',
  Winter: 'Spring',
};

/**
 * The season ("Spring 2027") whose allowance a class of this semester and year counts toward;
 * null when either is missing (the class then counts in the season it is made in).
 */
export function classSeasonName(semester: Semester | null, year: number | null): string | null {
  return semester && year ? `${BILLING_SEASON_OF[semester]} ${year}` : null;
}

/** A season's name as the API takes it: "Fall 2026" (years as a class's, 2000 to 2100). */
export const seasonNameSchema = z
  .string()
  .regex(/^(Spring|Summer|Fall) (\d{4})$/, 'A season is named like "Fall 2026"')
  .refine((name) => {
    const year = Number(name.slice(-4));
    return year >= 2000 && year <= 2100;
  }, 'The year must be between 2000 and 2100');

/**
 * What the next class of a season takes, the one fact every billing message follows from:
 * `included` within the plan's classes (and add-ons bought); `addon` an add-on class, offered;
 * `maximum` nothing, the season is full; `cancelled` nothing more, the included classes are used
 * and a cancelled plan buys no add-on; `inactive` nothing, there is no running plan.
 */
export const NEXT_CLASS = ['included', 'addon', 'maximum', 'cancelled', 'inactive'] as const;
export type NextClass = (typeof NEXT_CLASS)[number];

const classes = (n: number) => `${n} ${n === 1 ? 'class' : 'classes'}`;

const BILLING_USED_ALL = (included: number, addons: number, season: string) =>
  `You have used all ${included} classes included in ${season}${
    addons > 0 ? ` and your ${addons} add-on ${addons === 1 ? 'class' : 'classes'}` : ''
  }.`;
const BILLING_CANCELLED =
  'Your plan is cancelled, so no add-on class can be bought: resume it in My Account to add one.';

/** Messages of the class-allowance rule (the class wizard and Billing & Usage show them, SPEC §8). */
export const BILLING_MESSAGES = {
  withinAllowance: 'You can create this class within your plan.',
  /** the classes a season still has room for, within the plan */
  classesLeft: (left: number, season: string) =>
    `You can create ${left} more ${left === 1 ? 'class' : 'classes'} in ${season} within your plan.`,
  /** all of a season's included classes (and add-ons bought) are used */
  usedAll: BILLING_USED_ALL,
  needsAddon: (included: number, addons: number, price: string, season: string) =>
    `${BILLING_USED_ALL(included, addons, season)} An add-on class costs ${price}.`,
  atCap: (max: number, season: string) =>
    `You have reached the maximum of ${max} classes in ${season}.`,
  cancelled: BILLING_CANCELLED,
  cancelledFull: (included: number, addons: number, season: string) =>
    `${BILLING_USED_ALL(included, addons, season)} ${BILLING_CANCELLED}`,
  addonNotNeeded: (left: number, season: string) =>
    `You can still create ${classes(left)} in ${season} within your plan: add-on classes can be bought once the included ones are used.`,
  inactive: 'Your subscription is not active, so no class can be created or added.',
  demoMode: 'Demo mode — no card is charged',
  starting: 'Your subscription is already being started. Please wait a moment and reload.',
  resumeNotCancelled: 'Your plan is not cancelled: it renews as usual.',
  resumeEnded: 'Your plan has ended. Choose a plan to subscribe again.',
} as const;

export const seasonSchema = z.object({
  season: z.enum(SEASON_NAMES),
  year: z.number().int(),
  name: z.string(), // "Fall 2026"
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Season = z.infer<typeof seasonSchema>;

/** GET /billing/usage — SPEC §3 "Billing usage". Amounts are US dollars. */
export const billingUsageSchema = z.object({
  plan_type: z.enum(['single', 'department']),
  subscription_status: subscriptionStatusSchema,
  total_cost: z.number(),
  season_name: z.string(),
  classes_used: z.number().int(),
  max_base_classes: z.number().int(),
  addon_classes: z.number().int(),
  classes_remaining: z.number().int(),
  can_add_class: z.boolean(),
  next_class_cost: z.number(),
  max_classes: z.number().int(),
  addon_price: z.number(),
  /** what the next class of the season takes (next_class_cost is above 0 only for `addon`) */
  next_class: z.enum(NEXT_CLASS),
  /** the teacher's other seasons with classes or add-ons, newest first (each class counts in its own) */
  other_seasons: z.array(
    z.object({
      season_name: z.string(),
      classes_used: z.number().int(),
      addon_classes: z.number().int(),
    }),
  ),
});
export type BillingUsage = z.infer<typeof billingUsageSchema>;

/**
 * GET /billing/validate-class-creation?semester=&year=: the class's semester and year, whose
 * season it counts toward (this season when either is left out).
 */
export const classCreationQuerySchema = z.object({
  semester: z
    .enum(['Spring', 'Summer', 'Fall', 'Winter'] as const satisfies readonly Semester[])
    .optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const classCreationCheckSchema = z.object({
  can_create: z.boolean(),
  cost: z.number(),
  message: z.string(),
  /** the season the class counts toward: an add-on for it is bought for this season */
  season_name: z.string(),
  /** the code creating the class now is refused with; null: allowed */
  refusal: z
    .enum([
      'SUBSCRIPTION_INACTIVE',
      'CLASS_LIMIT_REACHED',
      'CLASS_MAXIMUM_REACHED',
      'PLAN_CANCELLED',
    ])
    .nullable(),
});
export type ClassCreationCheck = z.infer<typeof classCreationCheckSchema>;

export const planSchema = z.object({
  id: z.enum(['single', 'department']),
  name: z.string(),
  price: z.number(),
  interval: z.literal('semester'),
  available: z.boolean(),
  trial_days: z.number().int(),
  base_classes: z.number().int(),
  max_classes: z.number().int(),
  addon_price: z.number().nullable(),
  max_instructors: z.number().int(),
  features: z.array(z.string()),
});
/** GET /billing/pricing */
export const pricingSchema = z.object({ plans: z.array(planSchema), currency: z.literal('usd') });
export type Pricing = z.infer<typeof pricingSchema>;

export const paymentProviderSchema = z.enum(['stripe', 'local']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** GET /billing/subscription */
export const subscriptionSchema = z.object({
  id: z.string().nullable(),
  plan_type: z.enum(['single', 'department']),
  status: subscriptionStatusSchema,
  provider: paymentProviderSchema,
  trial_end: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: z.string().nullable(),
  price: z.number(),
  season_name: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** One row of GET /billing/history */
export const paymentRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'addon']),
  description: z.string(),
  amount: z.number(),
  currency: z.literal('usd'),
  status: z.enum(['succeeded', 'pending', 'failed', 'not_charged']),
  season_name: z.string(),
  created_at: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const historySchema = z.object({
  payments: z.array(paymentRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** GET /billing/payment/stripe-data — what the browser needs to show the card form. */
export const paymentSetupSchema = z.object({
  provider: paymentProviderSchema,
  publishable_key: z.string().nullable(),
  price: z.number(),
  currency: z.literal('usd'),
  trial_days: z.number().int(),
  plan_name: z.string(),
});
export type PaymentSetup = z.infer<typeof paymentSetupSchema>;

/** GET /billing/payment/addon-payment-data?class_count= (default 1) */
export const addonQuerySchema = z.object({
  class_count: z.coerce.number().int().min(1).max(10).default(1),
});
export const addonPaymentDataSchema = z.object({
  provider: paymentProviderSchema,
  publishable_key: z.string().nullable(),
  class_count: z.number().int(),
  unit_price: z.number(),
  amount: z.number(),
  currency: z.literal('usd'),
  can_purchase: z.boolean(),
  max_purchasable: z.number().int(),
  season_name: z.string(),
  message: z.string(),
});
export type AddonPaymentData = z.infer<typeof addonPaymentDataSchema>;

/**
 * A local-mode payment method id: `pm_local_<brand>_<last4>`. The demo card form never sends a
 * card number to the server.
 */
export const LOCAL_PAYMENT_METHOD_PATTERN = /^pm_local_[a-z]{2,12}_\d{4}$/;

/** POST /billing/payment/create-trial-subscription */
export const createTrialRequestSchema = z.object({
  payment_method_id: z.string().trim().min(3).max(255),
  cardholder_name: z.string().trim().min(1, 'Please enter the cardholder name').max(200),
  billing_email: z.string().trim().max(254).email('Please enter a valid email address'),
});
export const trialSubscriptionSchema = z.object({ id: z.string(), trial_end: z.string() });

/** POST /billing/payment/purchase-addon */
export const purchaseAddonRequestSchema = z.object({
  class_count: z.number().int().min(1).max(10).default(1),
  /** the season the add-on class is for (a class's, from validate-class-creation); default this one */
  season_name: seasonNameSchema.optional(),
  payment_method_id: z.string().trim().min(3).max(255).optional(),
});
