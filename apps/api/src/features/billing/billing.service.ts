import type { FastifyBaseLogger } from 'fastify';
import {
  BASE_CLASSES_PER_SEASON,
  BILLING_MESSAGES,
  DEPARTMENT_PLAN_PRICE_USD,
  MAX_CLASSES_PER_SEASON,
  TEACHER_PLAN_PRICE_USD,
  TRIAL_DAYS,
  type AddonPaymentData,
  type BillingUsage,
  type ClassCreationCheck,
  type PaymentRecord,
  type PaymentSetup,
  type Pricing,
  type Season,
  type Semester,
  type Subscription,
  classSeasonName,
} from '@app/contracts';
import { AppError, conflict, invalidInput, unauthorized } from '../../errors.ts';
import {
  addonRule,
  classCreationCheck,
  classCreationRule,
  computeAllowance,
  dollars,
  formatDollars,
  type Allowance,
} from './allowance.ts';
import type { Executor } from '../../db/index.ts';
import type { BillingRepository, BillingUser } from './billing.repository.ts';
import type { PaymentProvider, SubscriptionSnapshot } from './providers/payment-provider.ts';
import { mapStripeStatus, type StripePaymentProvider } from './providers/stripe-provider.ts';
import { compareSeasonsNewestFirst, nextSeason, seasonFor } from './seasons.ts';

const PLAN_PRICE_CENTS = TEACHER_PLAN_PRICE_USD * 100;

type BillingServiceDeps = {
  repo: BillingRepository;
  provider: PaymentProvider;
  addonPriceCents: number;
  log: FastifyBaseLogger;
  /** injected so tests can stand on season boundaries */
  now?: () => Date;
  /** classes the teacher has in a season (app.ts counts the classes table) */
  countClasses?: (userId: string, seasonName: string, ex?: Executor) => Promise<number>;
  /** the teacher's classes per season, every season that has one */
  countClassesPerSeason?: (userId: string) => Promise<{ season_name: string; classes: number }[]>;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class BillingService {
  private readonly now: () => Date;
  private readonly countClasses: (
    userId: string,
    seasonName: string,
    ex?: Executor,
  ) => Promise<number>;

  private readonly countClassesPerSeason: NonNullable<BillingServiceDeps['countClassesPerSeason']>;

  constructor(private readonly deps: BillingServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.countClasses = deps.countClasses ?? (async () => 0);
    this.countClassesPerSeason = deps.countClassesPerSeason ?? (async () => []);
  }

  get provider() {
    return this.deps.provider;
  }

  currentSeason(): Season {
    return seasonFor(this.now());
  }

  /**
   * The season a class of this semester and year counts toward ("Spring 2027" for Spring 2027,
   * whatever the season now); a class without both counts in the season it is made in.
   */
  seasonOfClass(semester: Semester | null, year: number | null): string {
    return classSeasonName(semester, year) ?? this.currentSeason().name;
  }

  pricing(): Pricing {
    const addon = dollars(this.deps.addonPriceCents);
    return {
      currency: 'usd',
      plans: [
        {
          id: 'single',
          name: 'Teacher',
          price: TEACHER_PLAN_PRICE_USD,
          interval: 'semester',
          available: true,
          trial_days: TRIAL_DAYS,
          base_classes: BASE_CLASSES_PER_SEASON,
          max_classes: MAX_CLASSES_PER_SEASON,
          addon_price: addon,
          max_instructors: 1,
          features: [
            `${TRIAL_DAYS}-day free trial (card required)`,
            `${BASE_CLASSES_PER_SEASON} classes per semester included`,
            `Add-on classes at $${addon.toFixed(2)}, up to ${MAX_CLASSES_PER_SEASON} per semester`,
          ],
        },
        {
          id: 'department',
          name: 'Department',
          price: DEPARTMENT_PLAN_PRICE_USD,
          interval: 'semester',
          available: false,
          trial_days: 0,
          base_classes: BASE_CLASSES_PER_SEASON,
          max_classes: MAX_CLASSES_PER_SEASON,
          addon_price: null,
          max_instructors: 10,
          features: ['Up to 10 instructors', '3 classes each', 'Admin dashboard'],
        },
      ],
    };
  }

  paymentSetup(): PaymentSetup {
    return {
      provider: this.deps.provider.name,
      publishable_key: this.deps.provider.publishableKey,
      price: TEACHER_PLAN_PRICE_USD,
      currency: 'usd',
      trial_days: TRIAL_DAYS,
      plan_name: 'Teacher',
    };
  }

  /**
   * The allowance rule for a teacher now, in a season (this season unless named): what the usage
   * page, the add-on purchase and the class-creation check read.
   */
  async allowance(
    userId: string,
    seasonName = this.currentSeason().name,
  ): Promise<{ user: BillingUser; allowance: Allowance }> {
    await this.applyLocalLifecycle(userId);
    const user = await this.requireUser(userId);
    return { user, allowance: await this.seasonAllowance(user, seasonName) };
  }

  private async seasonAllowance(
    user: BillingUser,
    seasonName: string,
    ex?: Executor,
  ): Promise<Allowance> {
    return computeAllowance({
      seasonName,
      status: user.subscription_status,
      cancelling: user.cancel_at_period_end,
      classesUsed: await this.countClasses(user.id, seasonName, ex),
      addonClasses: await this.deps.repo.countAddons(user.id, seasonName, ex),
      addonPriceCents: this.deps.addonPriceCents,
    });
  }

  async usage(userId: string): Promise<BillingUsage> {
    const { user, allowance: a } = await this.allowance(userId);
    const [perSeason, addonsPerSeason] = await Promise.all([
      this.countClassesPerSeason(userId),
      this.deps.repo.countAddonsPerSeason(userId),
    ]);
    const others = new Map<string, { classes_used: number; addon_classes: number }>();
    const other = (name: string) =>
      others.get(name) ?? others.set(name, { classes_used: 0, addon_classes: 0 }).get(name)!;
    for (const s of perSeason)
      if (s.season_name !== a.seasonName) other(s.season_name).classes_used = s.classes;
    for (const s of addonsPerSeason)
      if (s.season_name !== a.seasonName) other(s.season_name).addon_classes = s.addons;
    return {
      plan_type: user.plan_type,
      subscription_status: user.subscription_status,
      total_cost: dollars(PLAN_PRICE_CENTS + a.addonClasses * this.deps.addonPriceCents),
      season_name: a.seasonName,
      classes_used: a.classesUsed,
      max_base_classes: a.baseClasses,
      addon_classes: a.addonClasses,
      classes_remaining: a.classesRemaining,
      can_add_class: a.canAddClass,
      next_class_cost: dollars(a.nextClassCostCents),
      max_classes: a.maxClasses,
      addon_price: dollars(this.deps.addonPriceCents),
      next_class: a.nextClass,
      other_seasons: [...others]
        .map(([season_name, counts]) => ({ season_name, ...counts }))
        .sort((x, y) => compareSeasonsNewestFirst(x.season_name, y.season_name)),
    };
  }

  /** The check for a class of this semester and year (this season's when left out). */
  async validateClassCreation(
    userId: string,
    term: { semester?: Semester; year?: number } = {},
  ): Promise<ClassCreationCheck> {
    const season = this.seasonOfClass(term.semester ?? null, term.year ?? null);
    const { allowance } = await this.allowance(userId, season);
    return classCreationCheck(allowance, this.deps.addonPriceCents);
  }

  /**
   * For class creation: throws the rule's refusal for the class's season (CLASS_LIMIT_REACHED
   * when an add-on is needed, CLASS_MAXIMUM_REACHED at the season's maximum, PLAN_CANCELLED when
   * a cancelled plan would need one, SUBSCRIPTION_INACTIVE) with its message unless a class may be
   * created in it now. Runs on the caller's transaction, which holds the teacher's row lock.
   */
  async assertCanCreateClass(userId: string, seasonName: string, trx: Executor): Promise<void> {
    const user = await this.deps.repo.findUser(userId, trx);
    if (!user) throw unauthorized();
    const allowance = await this.seasonAllowance(user, seasonName, trx);
    const rule = classCreationRule(allowance, this.deps.addonPriceCents);
    if (rule.refusal) throw new AppError(rule.refusal, rule.message);
  }

  async subscription(userId: string): Promise<Subscription> {
    await this.applyLocalLifecycle(userId);
    const user = await this.requireUser(userId);
    return {
      id: user.subscription_id,
      plan_type: user.plan_type,
      status: user.subscription_status,
      provider: user.payment_provider ?? this.deps.provider.name,
      trial_end: iso(user.trial_end),
      current_period_end: iso(user.current_period_end),
      cancel_at_period_end: user.cancel_at_period_end,
      canceled_at: iso(user.canceled_at),
      price: TEACHER_PLAN_PRICE_USD,
      season_name: this.currentSeason().name,
    };
  }

  async history(userId: string, page: number, perPage: number) {
    const { rows, total } = await this.deps.repo.listPayments(userId, page, perPage);
    const payments: PaymentRecord[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      description: r.description,
      amount: dollars(r.amount_cents),
      currency: 'usd',
      status: r.status,
      season_name: r.season_name,
      created_at: r.created_at.toISOString(),
    }));
    return { payments, total, page, per_page: perPage };
  }

  /** What buying add-on classes for this season would cost, and whether it is offered now. */
  async addonPaymentData(userId: string, classCount: number): Promise<AddonPaymentData> {
    const { allowance: a } = await this.allowance(userId);
    const rule = addonRule(a);
    const canPurchase = rule.refusal === null && classCount <= a.maxPurchasableAddons;
    const amount = formatDollars(classCount * this.deps.addonPriceCents);
    return {
      provider: this.deps.provider.name,
      publishable_key: this.deps.provider.publishableKey,
      class_count: classCount,
      unit_price: dollars(this.deps.addonPriceCents),
      amount: dollars(classCount * this.deps.addonPriceCents),
      currency: 'usd',
      can_purchase: canPurchase,
      max_purchasable: a.maxPurchasableAddons,
      season_name: a.seasonName,
      message: canPurchase
        ? `${classCount} add-on class${classCount > 1 ? 'es' : ''} for ${a.seasonName}: ${amount}.`
        : rule.refusal
          ? rule.message
          : BILLING_MESSAGES.atCap(a.maxClasses, a.seasonName),
    };
  }

  /**
   * Starts the Teacher plan: a 3-day trial the first time, a paid period after that. Concurrent
   * requests (a double click, parallel tabs) start it once: the others are told it exists.
   */
  async createTrialSubscription(
    userId: string,
    input: { payment_method_id: string; cardholder_name: string; billing_email: string },
  ): Promise<{ id: string; trial_end: string }> {
    const started = await this.deps.repo.withSubscriptionLock(userId, (trx) =>
      this.startPlan(userId, input, trx),
    );
    if (!started) throw new AppError('SUBSCRIPTION_EXISTS', BILLING_MESSAGES.starting);
    return started.value;
  }

  private async startPlan(
    userId: string,
    input: { payment_method_id: string; cardholder_name: string; billing_email: string },
    trx: Executor,
  ): Promise<{ id: string; trial_end: string }> {
    const user = await this.requireUser(userId, trx);
    if (user.subscription_status === 'trialing' || user.subscription_status === 'active') {
      throw new AppError('SUBSCRIPTION_EXISTS', 'You already have an active subscription.');
    }
    const now = this.now();
    const firstTime = user.trial_end === null;
    const started = await this.deps.provider.startSubscription({
      userId,
      customerId: user.stripe_customer_id,
      paymentMethodId: input.payment_method_id,
      cardholderName: input.cardholder_name,
      billingEmail: input.billing_email,
      trialDays: firstTime ? TRIAL_DAYS : 0,
      now,
    });
    const periodEnd = started.currentPeriodEnd ?? new Date(seasonFor(now).ends_at);
    await this.deps.repo.updateSubscription(
      userId,
      {
        subscription_status: started.status,
        subscription_id: started.subscriptionId,
        trial_end: started.trialEnd ?? now,
        current_period_end: periodEnd,
        cancel_at_period_end: false,
        canceled_at: null,
        payment_provider: this.deps.provider.name,
        stripe_customer_id: started.customerId,
        payment_method_id: started.paymentMethodId,
      },
      trx,
    );
    if (!firstTime && this.deps.provider.name === 'local') {
      await this.recordPlanPayment(userId, started.subscriptionId, now, trx);
    }
    return { id: started.subscriptionId, trial_end: (started.trialEnd ?? now).toISOString() };
  }

  /**
   * Buys one add-on class for a season (this one unless named: a class's season, when creating it
   * needs one), once its included classes are used, up to 10 classes in all; never for a
   * cancelled plan.
   */
  async purchaseAddon(
    userId: string,
    classCount: number,
    seasonName = this.currentSeason().name,
  ): Promise<BillingUsage> {
    if (classCount !== 1) throw invalidInput('Add-on classes are bought one at a time.');
    const { user, allowance } = await this.allowance(userId, seasonName);
    const rule = addonRule(allowance);
    if (rule.refusal) throw new AppError(rule.refusal, rule.message);
    const n = allowance.addonClasses + 1;
    const description = `Add-on class ${n} — ${seasonName}`;
    // The key names the n-th add-on of the season with this card: a double click, a retry or a
    // concurrent request charges once (and is recorded once: addon_seq is unique); another card
    // after a decline is another attempt.
    const charge = await this.deps.provider.chargeAddon({
      userId,
      customerId: user.stripe_customer_id,
      paymentMethodId: user.payment_method_id,
      amountCents: this.deps.addonPriceCents,
      description,
      idempotencyKey: `addon-${userId}-${seasonName.replace(' ', '-')}-${n}-${user.payment_method_id ?? 'none'}`,
    });
    await this.deps.repo.insertPayment({
      user_id: userId,
      kind: 'addon',
      description,
      amount_cents: this.deps.addonPriceCents,
      status: charge.status,
      season_name: seasonName,
      provider: this.deps.provider.name,
      provider_ref: charge.ref,
      addon_seq: n,
    });
    return this.usage(userId);
  }

  /** Cancels at the end of the trial or paid period; access continues until then. */
  async cancel(userId: string): Promise<Subscription> {
    const user = await this.requireUser(userId);
    if (user.subscription_status !== 'trialing' && user.subscription_status !== 'active') {
      throw new AppError('NOTHING_TO_CANCEL', 'There is no active subscription to cancel.');
    }
    if (!user.cancel_at_period_end) {
      const now = this.now();
      if (user.subscription_id && user.payment_provider === this.deps.provider.name) {
        await this.deps.provider.setCancelAtPeriodEnd(user.subscription_id, true, now);
      }
      await this.deps.repo.updateSubscription(userId, {
        cancel_at_period_end: true,
        canceled_at: now,
      });
    }
    return this.subscription(userId);
  }

  /** Takes back a cancellation before the period ends: the plan renews as before. */
  async resume(userId: string): Promise<Subscription> {
    await this.applyLocalLifecycle(userId); // a period that just ended cannot be resumed
    const user = await this.requireUser(userId);
    if (user.subscription_status !== 'trialing' && user.subscription_status !== 'active')
      throw conflict(BILLING_MESSAGES.resumeEnded);
    if (!user.cancel_at_period_end) throw conflict(BILLING_MESSAGES.resumeNotCancelled);
    if (user.subscription_id && user.payment_provider === this.deps.provider.name) {
      await this.deps.provider.setCancelAtPeriodEnd(user.subscription_id, false, this.now());
    }
    await this.deps.repo.updateSubscription(userId, {
      cancel_at_period_end: false,
      canceled_at: null,
    });
    return this.subscription(userId);
  }

  /**
   * Local (demo) subscriptions move on by the clock as Stripe's would: a trial that ends becomes
   * a paid period (recorded, not charged), a period that ends renews, and a cancelled one ends
   * in `suspended`.
   */
  async applyLocalLifecycle(userId?: string): Promise<number> {
    const now = this.now();
    const due = await this.deps.repo.dueLocalSubscriptions(now, userId);
    for (const user of due) {
      await this.deps.repo.transaction(async (trx) => {
        if (user.cancel_at_period_end) {
          await this.deps.repo.updateSubscription(
            user.id,
            { subscription_status: 'suspended' },
            trx,
          );
          return;
        }
        const from =
          user.subscription_status === 'trialing' ? user.trial_end! : user.current_period_end!;
        const periodEnd =
          user.subscription_status === 'trialing'
            ? new Date(seasonFor(from).ends_at)
            : new Date(nextSeason(from).ends_at);
        await this.deps.repo.updateSubscription(
          user.id,
          { subscription_status: 'active', current_period_end: periodEnd },
          trx,
        );
        await this.recordPlanPayment(
          user.id,
          user.subscription_id ?? 'local',
          new Date(periodEnd.getTime() - 1),
          trx,
        );
      });
    }
    return due.length;
  }

  /** Applies a verified Stripe event; redeliveries are ignored, and order does not matter. */
  async handleStripeEvent(event: {
    id: string;
    type: string;
    data: { object: unknown };
  }): Promise<'applied' | 'duplicate' | 'ignored'> {
    const stripe = this.deps.provider as StripePaymentProvider;
    if (await this.deps.repo.eventSeen(event.id)) return 'duplicate';
    const object = event.data.object as Record<string, unknown>;
    let subscriptionId: string | undefined;
    if (event.type.startsWith('customer.subscription.')) subscriptionId = object.id as string;
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')
      subscriptionId = invoiceSubscription(object);
    if (!subscriptionId) {
      await this.deps.repo.markEvent(event.id, event.type);
      return 'ignored';
    }
    // Re-read the subscription instead of trusting the event's copy: events may arrive out of order.
    const snapshot = await stripe.retrieve(subscriptionId);
    const user =
      (await this.deps.repo.findUserBySubscription(subscriptionId)) ??
      (snapshot.userId ? await this.deps.repo.findUser(snapshot.userId) : undefined);
    if (!user) {
      this.deps.log.warn(
        { eventId: event.id, subscriptionId },
        'Stripe event for an unknown subscription',
      );
      await this.deps.repo.markEvent(event.id, event.type);
      return 'ignored';
    }
    await this.applySnapshot(user, snapshot);
    if (event.type === 'invoice.paid' && Number(object.amount_paid) > 0) {
      const created = new Date(Number(object.created) * 1000);
      await this.deps.repo.insertPayment({
        user_id: user.id,
        kind: 'subscription',
        description: `Teacher plan — ${seasonFor(created).name}`,
        amount_cents: Number(object.amount_paid),
        status: 'succeeded',
        season_name: seasonFor(created).name,
        provider: 'stripe',
        provider_ref: String(object.id),
        created_at: created,
      });
    }
    await this.deps.repo.markEvent(event.id, event.type);
    return 'applied';
  }

  private async applySnapshot(user: BillingUser, s: SubscriptionSnapshot) {
    await this.deps.repo.updateSubscription(user.id, {
      subscription_id: s.subscriptionId,
      subscription_status: mapStripeStatus(s.providerStatus, user.subscription_status),
      trial_end: s.trialEnd ?? user.trial_end,
      current_period_end: s.currentPeriodEnd,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt ?? (s.cancelAtPeriodEnd ? (user.canceled_at ?? this.now()) : null),
      payment_provider: 'stripe',
      ...(s.customerId ? { stripe_customer_id: s.customerId } : {}),
    });
  }

  private recordPlanPayment(
    userId: string,
    subscriptionId: string,
    at: Date,
    trx: Parameters<BillingRepository['insertPayment']>[1],
  ) {
    const season = seasonFor(at);
    return this.deps.repo.insertPayment(
      {
        user_id: userId,
        kind: 'subscription',
        description: `Teacher plan — ${season.name}`,
        amount_cents: PLAN_PRICE_CENTS,
        status: 'not_charged',
        season_name: season.name,
        provider: 'local',
        provider_ref: `local-plan-${subscriptionId}-${season.name}`,
      },
      trx,
    );
  }

  private async requireUser(userId: string, ex?: Executor): Promise<BillingUser> {
    const user = await this.deps.repo.findUser(userId, ex);
    if (!user) throw unauthorized();
    return user;
  }
}

/** The subscription an invoice belongs to, across Stripe API versions. */
function invoiceSubscription(invoice: Record<string, unknown>): string | undefined {
  if (typeof invoice.subscription === 'string') return invoice.subscription;
  const parent = invoice.parent as { subscription_details?: { subscription?: string } } | undefined;
  return parent?.subscription_details?.subscription;
}
