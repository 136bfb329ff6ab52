import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, registerTeacher } from '../../../test/factories.ts';
import { signedEvent, startFakeStripe, type FakeStripe } from '../../../test/fakes/stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_syllabot';
let stripe: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_syllabot',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_TEACHER: 'price_teacher_semester',
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const form = (pm: string) => ({
  payment_method_id: pm,
  cardholder_name: 'Ada Lovelace',
  billing_email: 'ada@uni.test',
});
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const data = <T = Record<string, unknown>>(res: { json(): unknown }) =>
  (res.json() as { data: T }).data;
const userRow = (id: string) =>
  t.db
    .selectFrom('users')
    .select([
      'subscription_status',
      'subscription_id',
      'stripe_customer_id',
      'cancel_at_period_end',
      'payment_provider',
      'trial_end',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function subscribed(pm = 'pm_card_visa') {
  const teacher = await registerTeacher(t.app);
  const res = await post('/api/billing/payment/create-trial-subscription', teacher.auth, form(pm));
  expect(res.statusCode, res.body).toBe(201);
  return { ...teacher, subscriptionId: data<{ id: string }>(res).id };
}

/** An add-on is sold once the season's 3 included classes are used: this uses Fall 2026's. */
async function useIncludedClasses(auth: Record<string, string>) {
  for (let i = 1; i <= 3; i++)
    await createClass(t.app, auth, { class_name: `Class ${i}`, semester: 'Fall', year: 2026 });
}
const FALL_ADDON = { class_count: 1, season_name: 'Fall 2026' };

let eventSeq = 0;
function sendEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const id = opts.id ?? `evt_test_${++eventSeq}`;
  const { payload, header } = signedEvent(
    WEBHOOK_SECRET,
    { id, type, data: { object } },
    opts.timestamp,
  );
  const sent = opts.tamper ? payload.replace('"status"', '"statuz"') : payload;
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload: sent,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

describe('stripe mode: starting the trial', () => {
  it('hands the browser the publishable key', async () => {
    const { auth } = await registerTeacher(t.app);
    expect(
      data(
        await t.app.inject({
          method: 'GET',
          url: '/api/billing/payment/stripe-data',
          headers: auth,
        }),
      ),
    ).toMatchObject({
      provider: 'stripe',
      publishable_key: 'pk_test_syllabot',
    });
  });

  it('creates the customer, attaches the card and subscribes with a 3-day trial', async () => {
    const before = stripe.subscriptions.size;
    const { user, subscriptionId } = await subscribed();
    expect(stripe.subscriptions.size).toBe(before + 1);
    const sub = stripe.subscription(subscriptionId)!;
    expect(sub).toMatchObject({
      status: 'trialing',
      customer: expect.stringMatching(/^cus_/),
      metadata: { user_id: user.id },
    });
    expect((sub.items as { data: { price: { id: string } }[] }).data[0]!.price.id).toBe(
      'price_teacher_semester',
    );
    const trialEnd = Number(sub.trial_end) * 1000;
    expect(Math.abs(trialEnd - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      subscription_status: 'trialing',
      subscription_id: subscriptionId,
      payment_provider: 'stripe',
      stripe_customer_id: sub.customer,
    });
    const create = stripe.requests
      .filter((r) => r.path === '/v1/subscriptions' && r.method === 'POST')
      .at(-1)!;
    expect(create.idempotencyKey).toMatch(/^subscription-/);
    // every write of the sign-up carries a key, so no retry can repeat it
    const writes = stripe.requests.filter((r) => r.method === 'POST');
    expect(writes.length).toBeGreaterThanOrEqual(4);
    expect(writes.filter((r) => !r.idempotencyKey)).toEqual([]);
  });

  it('answers a declined card with 402 and the decline message, storing nothing', async () => {
    const { auth, user } = await registerTeacher(t.app);
    const res = await post(
      '/api/billing/payment/create-trial-subscription',
      auth,
      form('pm_card_visa_chargeDeclined'),
    );
    expect(res.statusCode).toBe(402);
    expect(body(res)).toEqual({
      success: false,
      detail: 'Your card was declined.',
      code: 'PAYMENT_DECLINED',
    });
    expect(await userRow(user.id)).toMatchObject({
      subscription_status: 'incomplete_signup',
      subscription_id: null,
    });
  });

  it('survives a 500 from Stripe: the retry reuses the idempotency key and one subscription is made', async () => {
    const { auth, user } = await registerTeacher(t.app);
    const before = stripe.subscriptions.size;
    const seen = stripe.requests.length;
    stripe.failNext(500, 1, '/v1/subscriptions');
    const res = await post(
      '/api/billing/payment/create-trial-subscription',
      auth,
      form('pm_card_visa'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const creates = stripe.requests
      .slice(seen)
      .filter((r) => r.path === '/v1/subscriptions' && r.method === 'POST');
    expect(creates.map((r) => r.status)).toEqual([500, 200]);
    expect(creates[0]!.idempotencyKey).toBe(creates[1]!.idempotencyKey);
    expect(stripe.subscriptions.size).toBe(before + 1);
    expect((await userRow(user.id)).subscription_status).toBe('trialing');
  });

  it('reports a Stripe outage as 502 without half-written state', async () => {
    const { auth, user } = await registerTeacher(t.app);
    stripe.failNext(500, 3, '/v1/subscriptions');
    const res = await post(
      '/api/billing/payment/create-trial-subscription',
      auth,
      form('pm_card_visa'),
    );
    expect(res.statusCode).toBe(502);
    expect(body(res).code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await userRow(user.id)).toMatchObject({
      subscription_status: 'incomplete_signup',
      subscription_id: null,
    });
  });
});

describe('stripe mode: add-on classes and cancelling', () => {
  it('charges an add-on class through Stripe, once per add-on', async () => {
    const { auth } = await subscribed();
    await useIncludedClasses(auth);
    const before = stripe.paymentIntents.size;
    const res = await post('/api/billing/payment/purchase-addon', auth, FALL_ADDON);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.paymentIntents.size).toBe(before + 1);
    const intent = [...stripe.paymentIntents.values()].at(-1)!;
    expect(intent).toMatchObject({ amount: 600, currency: 'usd', status: 'succeeded' });
    const history = data<{ payments: { status: string; amount: number }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: auth }),
    );
    expect(history.payments).toEqual([expect.objectContaining({ status: 'succeeded', amount: 6 })]);
  });

  it('answers a declined add-on charge with 402 and adds nothing', async () => {
    const { auth } = await subscribed('pm_card_chargeDeclined');
    await useIncludedClasses(auth);
    const res = await post('/api/billing/payment/purchase-addon', auth, FALL_ADDON);
    expect(res.statusCode).toBe(402);
    expect(body(res).code).toBe('PAYMENT_DECLINED');
    const history = data<{ payments: { kind: string; status: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: auth }),
    );
    expect(history.payments.filter((p) => p.kind === 'addon' && p.status !== 'failed')).toEqual([]);
  });

  it('cancels at period end in Stripe, and a deletion event suspends the teacher', async () => {
    const { auth, user, subscriptionId } = await subscribed();
    const res = await post('/api/billing/cancel', auth);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true });

    // taken back, then cancelled again: three writes, each reaching Stripe
    const resumed = await post('/api/billing/resume', auth);
    expect(data(resumed)).toMatchObject({ cancel_at_period_end: false });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    await post('/api/billing/cancel', auth);
    expect(stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true });

    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    expect(
      (
        await sendEvent('customer.subscription.deleted', {
          id: subscriptionId,
          object: 'subscription',
          status: 'canceled',
        })
      ).statusCode,
    ).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('suspended');
  });
});

describe('stripe mode: webhooks', () => {
  it('applies a valid event', async () => {
    const { user, subscriptionId } = await subscribed();
    stripe.updateSubscription(subscriptionId, { status: 'active', trial_end: null });
    const res = await sendEvent('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await userRow(user.id)).subscription_status).toBe('active');
  });

  it('rejects a tampered body, a missing signature and a signature older than 5 minutes', async () => {
    const { user, subscriptionId } = await subscribed();
    stripe.updateSubscription(subscriptionId, { status: 'unpaid' });
    const object = { id: subscriptionId, object: 'subscription', status: 'unpaid' };
    const tampered = await sendEvent('customer.subscription.updated', object, { tamper: true });
    expect(tampered.statusCode).toBe(400);
    expect(body(tampered).code).toBe('WEBHOOK_INVALID');
    const old = await sendEvent('customer.subscription.updated', object, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(old.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: JSON.stringify({
        id: 'evt_x',
        type: 'customer.subscription.updated',
        data: { object },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await userRow(user.id)).subscription_status).toBe('trialing');
  });

  it('ignores a redelivered event id', async () => {
    const { user, subscriptionId } = await subscribed();
    stripe.updateSubscription(subscriptionId, { status: 'active', trial_end: null });
    const first = await sendEvent(
      'customer.subscription.updated',
      { id: subscriptionId, object: 'subscription', status: 'active' },
      { id: 'evt_dup_1' },
    );
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    stripe.updateSubscription(subscriptionId, { status: 'unpaid' });
    const again = await sendEvent(
      'customer.subscription.updated',
      { id: subscriptionId, object: 'subscription', status: 'active' },
      { id: 'evt_dup_1' },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    expect((await userRow(user.id)).subscription_status).toBe('active');
  });

  it('tolerates events out of order by re-reading the subscription from Stripe', async () => {
    const { user, subscriptionId } = await subscribed();
    stripe.updateSubscription(subscriptionId, { status: 'active', trial_end: null });
    // the newer "updated" event is delivered first, the older "created" (still trialing) after it
    await sendEvent('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
    });
    await sendEvent('customer.subscription.created', {
      id: subscriptionId,
      object: 'subscription',
      status: 'trialing',
    });
    expect((await userRow(user.id)).subscription_status).toBe('active');
  });

  it.each([
    ['past_due', 'active'],
    ['unpaid', 'suspended'],
    ['incomplete_expired', 'suspended'],
    ['trialing', 'trialing'],
  ])('maps Stripe %s onto %s', async (stripeStatus, ours) => {
    const { user, subscriptionId } = await subscribed();
    stripe.updateSubscription(subscriptionId, { status: stripeStatus });
    await sendEvent('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      status: stripeStatus,
    });
    expect((await userRow(user.id)).subscription_status).toBe(ours);
  });

  it('records a paid invoice once, even when redelivered under a new event id', async () => {
    const { auth, subscriptionId } = await subscribed();
    stripe.updateSubscription(subscriptionId, { status: 'active', trial_end: null });
    const invoice = {
      id: 'in_test_paid_1',
      object: 'invoice',
      amount_paid: 1800,
      created: Math.floor(Date.now() / 1000),
      subscription: subscriptionId,
    };
    await sendEvent('invoice.paid', invoice);
    await sendEvent('invoice.paid', invoice);
    const history = data<{ payments: { description: string; amount: number; status: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: auth }),
    );
    expect(history.payments).toEqual([
      expect.objectContaining({
        amount: 18,
        status: 'succeeded',
        description: expect.stringMatching(/^Teacher plan — /),
      }),
    ]);
  });

  it('acknowledges events it does not handle', async () => {
    const res = await sendEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
  });
});
