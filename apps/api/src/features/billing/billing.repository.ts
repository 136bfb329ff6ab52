import type { SubscriptionStatus } from '@app/contracts';
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

const billingColumns = [
  'id',
  'email',
  'subscription_status',
  'subscription_id',
  'trial_end',
  'plan_type',
  'payment_provider',
  'stripe_customer_id',
  'payment_method_id',
  'current_period_end',
  'cancel_at_period_end',
  'canceled_at',
] as const;

/** An add-on counts once it is paid, or recorded without a charge (the demo provider). */
const COUNTED_ADDON_STATUSES = ['succeeded', 'not_charged'] as const;

export type BillingUser = NonNullable<Awaited<ReturnType<BillingRepository['findUser']>>>;

type SubscriptionUpdate = Partial<{
  subscription_status: SubscriptionStatus;
  subscription_id: string;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  payment_provider: 'stripe' | 'local';
  stripe_customer_id: string | null;
  payment_method_id: string;
}>;

/** All SQL for plans, subscriptions, payments and webhook bookkeeping. */
export class BillingRepository extends Repository {
  /**
   * Runs `work` in a transaction holding the teacher's subscription lock, or returns null at once
   * when another request holds it: starting a plan is never done twice at the same time, and a
   * concurrent request neither waits nor holds a connection waiting.
   */
  async withSubscriptionLock<T>(
    userId: string,
    work: (trx: Trx) => Promise<T>,
  ): Promise<{ value: T } | null> {
    return this.transaction(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(hashtext(${`subscription:${userId}`})) AS locked`.execute(
        trx,
      );
      return rows[0]?.locked ? { value: await work(trx) } : null;
    });
  }

  findUser(id: string, ex: Executor = this.db) {
    return ex.selectFrom('users').select(billingColumns).where('id', '=', id).executeTakeFirst();
  }

  findUserBySubscription(subscriptionId: string) {
    return this.db
      .selectFrom('users')
      .select(billingColumns)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
  }

  updateSubscription(userId: string, values: SubscriptionUpdate, ex: Executor = this.db) {
    return ex
      .updateTable('users')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  async countAddons(userId: string, seasonName: string, ex: Executor = this.db): Promise<number> {
    const row = await ex
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('season_name', '=', seasonName)
      .where('kind', '=', 'addon')
      .where('status', 'in', COUNTED_ADDON_STATUSES)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Add-on classes bought per season (the seasons with any). */
  async countAddonsPerSeason(userId: string): Promise<{ season_name: string; addons: number }[]> {
    const rows = await this.db
      .selectFrom('payments')
      .select((eb) => ['season_name', eb.fn.countAll<string>().as('n')])
      .where('user_id', '=', userId)
      .where('kind', '=', 'addon')
      .where('status', 'in', COUNTED_ADDON_STATUSES)
      .groupBy('season_name')
      .execute();
    return rows.map((r) => ({ season_name: r.season_name, addons: Number(r.n) }));
  }

  /**
   * Inserts a payment; one whose provider reference (a webhook redelivery) or add-on number (a
   * concurrent purchase of the same add-on) is already recorded is ignored.
   */
  insertPayment(
    values: {
      user_id: string;
      kind: 'subscription' | 'addon';
      description: string;
      amount_cents: number;
      status: 'succeeded' | 'pending' | 'failed' | 'not_charged';
      season_name: string;
      provider: 'stripe' | 'local';
      provider_ref: string | null;
      addon_seq?: number;
      created_at?: Date;
    },
    ex: Executor = this.db,
  ) {
    return ex
      .insertInto('payments')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async listPayments(userId: string, page: number, perPage: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      this.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async eventSeen(id: string): Promise<boolean> {
    return Boolean(
      await this.db
        .selectFrom('stripe_events')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst(),
    );
  }

  markEvent(id: string, type: string) {
    return this.db
      .insertInto('stripe_events')
      .values({ id, type })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Local-provider teachers whose trial or paid period has ended by `now`. */
  dueLocalSubscriptions(now: Date, userId?: string) {
    let q = this.db
      .selectFrom('users')
      .select(billingColumns)
      .where('payment_provider', '=', 'local')
      .where((eb) =>
        eb.or([
          eb.and([eb('subscription_status', '=', 'trialing'), eb('trial_end', '<=', now)]),
          eb.and([eb('subscription_status', '=', 'active'), eb('current_period_end', '<=', now)]),
        ]),
      );
    if (userId) q = q.where('id', '=', userId);
    return q.execute();
  }
}
