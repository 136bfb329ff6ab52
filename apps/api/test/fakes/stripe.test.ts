import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { parseForm, signedEvent, startFakeStripe, type FakeStripe } from './stripe.ts';

let fake: FakeStripe;
let stripe: Stripe;

const client = (key: string) =>
  new Stripe(key, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = client(fake.secretKey);
});
afterAll(() => fake.close());

const nowS = () => Math.floor(Date.now() / 1000);

async function customerWithCard(pm = 'pm_card_visa') {
  const customer = await stripe.customers.create({
    email: 'a@example.com',
    metadata: { user_id: 'u1' },
  });
  await stripe.paymentMethods.attach(pm, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
  return customer;
}

const countSubs = (customer: string) =>
  [...fake.subscriptions.values()].filter((s) => s.customer === customer).length;

describe('parseForm', () => {
  it('decodes bracket notation into nested objects and arrays', () => {
    expect(
      parseForm('items[0][price]=price_x&expand[0]=latest_invoice&metadata[user_id]=u%201&a=b+c'),
    ).toEqual({
      items: [{ price: 'price_x' }],
      expand: ['latest_invoice'],
      metadata: { user_id: 'u 1' },
      a: 'b c',
    });
    expect(parseForm('__proto__[x]=1&ok=1')).toEqual({ ok: '1' });
  });
});

describe('fake Stripe with the real stripe client', () => {
  it('creates a customer, attaches a card and starts a trial subscription', async () => {
    const customer = await stripe.customers.create({
      email: 'x@example.com',
      name: 'X',
      metadata: { user_id: '42' },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ user_id: '42' });
    expect(fake.customers.get(customer.id)?.email).toBe('x@example.com');

    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(pm).toMatchObject({
      id: 'pm_card_visa',
      object: 'payment_method',
      customer: customer.id,
      type: 'card',
    });
    expect(pm.card?.last4).toBe('4242');

    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    expect(updated.invoice_settings.default_payment_method).toBe('pm_card_visa');

    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
      trial_period_days: 3,
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice'],
      metadata: { user_id: '42' },
    });
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.status).toBe('trialing');
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.trial_end).toBeGreaterThanOrEqual(nowS() + 3 * 86400 - 5);
    expect(sub.trial_end).toBeLessThanOrEqual(nowS() + 3 * 86400 + 5);
    const item = sub.items.data[0]!;
    expect(item.price.id).toBe('price_monthly');
    expect(item.current_period_end).toBe(sub.trial_end);
    expect(typeof sub.latest_invoice).toBe('object');
    expect((sub.latest_invoice as Stripe.Invoice).object).toBe('invoice');
    expect(sub.metadata).toEqual({ user_id: '42' });

    const last = fake.requests.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', path: '/v1/subscriptions', status: 200 });
    expect(last.body).toMatchObject({
      items: [{ price: 'price_monthly' }],
      expand: ['latest_invoice'],
    });
    expect(last.idempotencyKey).toMatch(/^stripe-node-retry-/);

    const fetched = await stripe.subscriptions.retrieve(sub.id);
    expect(fetched.status).toBe('trialing');
    expect(fetched.latest_invoice).toMatch(/^in_/);
  });

  it('starts an active subscription without a trial, updates and cancels it', async () => {
    const customer = await customerWithCard();
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
    });
    expect(sub.status).toBe('active');
    expect(sub.trial_end).toBeNull();
    expect(sub.items.data[0]!.current_period_end).toBeGreaterThan(nowS() + 119 * 86400);

    const pending = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(pending.cancel_at_period_end).toBe(true);
    const resumed = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(resumed.cancel_at_period_end).toBe(false);

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).toBeTypeOf('number');
  });

  it('lets tests move a subscription over time', async () => {
    const customer = await customerWithCard();
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
      trial_period_days: 3,
    });
    const end = nowS() + 30 * 86400;
    fake.updateSubscription(sub.id, {
      status: 'past_due',
      current_period_end: end,
      trial_end: null,
    });
    const s = await stripe.subscriptions.retrieve(sub.id);
    expect(s.status).toBe('past_due');
    expect(s.trial_end).toBeNull();
    expect(s.items.data[0]!.current_period_end).toBe(end);
    expect(fake.subscription(sub.id)?.status).toBe('past_due');
    expect(fake.subscription('sub_nope')).toBeUndefined();
  });

  it('replays an idempotent request and rejects a reused key with other parameters', async () => {
    const customer = await customerWithCard();
    const key = `idem-${Math.random()}`;
    const params = {
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
      trial_period_days: 3,
    };
    const first = await stripe.subscriptions.create(params, { idempotencyKey: key });
    const second = await stripe.subscriptions.create(params, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(countSubs(customer.id)).toBe(1);

    const err = await stripe.subscriptions
      .create({ ...params, trial_period_days: 7 }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(countSubs(customer.id)).toBe(1);
  });

  it('injects failures that neither change state nor get stored for the idempotency key', async () => {
    const customer = await customerWithCard();
    const key = `idem-${Math.random()}`;
    const params = {
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
      trial_period_days: 3,
    };
    fake.failNext(500, 1, '/v1/subscriptions');
    const err = await stripe.subscriptions
      .create(params, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(countSubs(customer.id)).toBe(0);

    const sub = await stripe.subscriptions.create(params, { idempotencyKey: key });
    expect(sub.status).toBe('trialing');
    expect(sub.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(countSubs(customer.id)).toBe(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === key).map((r) => r.status)).toEqual([
      500, 200,
    ]);

    // a prefix that does not match leaves other paths alone
    fake.failNext(503, 1, '/v1/payment_intents');
    await expect(stripe.customers.retrieve(customer.id)).resolves.toMatchObject({
      id: customer.id,
    });
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', customer: customer.id }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it('declines the test cards like Stripe', async () => {
    const customer = await stripe.customers.create({ email: 'd@example.com' });
    const attachErr = await stripe.paymentMethods
      .attach('pm_card_visa_chargeDeclined', { customer: customer.id })
      .catch((e: unknown) => e);
    expect(attachErr).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(attachErr).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
      statusCode: 402,
    });

    const subErr = await stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: 'price_monthly' }],
        default_payment_method: 'pm_card_visa_chargeDeclined',
      })
      .catch((e: unknown) => e);
    expect(subErr).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(countSubs(customer.id)).toBe(0);

    // attaches fine, fails when charged
    await stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id });
    const piErr = await stripe.paymentIntents
      .create({
        amount: 1500,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_chargeDeclined',
        confirm: true,
        off_session: true,
      })
      .catch((e: unknown) => e);
    expect(piErr).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardErr = piErr as InstanceType<typeof Stripe.errors.StripeCardError>;
    expect(cardErr.code).toBe('card_declined');
    expect(cardErr.message).toBe('Your card was declined.');
    expect(cardErr.payment_intent?.status).toBe('requires_payment_method');
    expect(fake.paymentIntents.get(cardErr.payment_intent!.id)?.status).toBe(
      'requires_payment_method',
    );

    // a subscription without trial whose first payment fails must not come out active
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_card_chargeDeclined' },
    });
    const strict = await stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: 'price_monthly' }],
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e: unknown) => e);
    expect(strict).toBeInstanceOf(Stripe.errors.StripeCardError);
    const lax = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_monthly' }],
    });
    expect(lax.status).toBe('incomplete');
  });

  it('charges a good card', async () => {
    const customer = await customerWithCard();
    const pi = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      off_session: true,
      description: 'top-up',
      metadata: { user_id: 'u1' },
    });
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      currency: 'usd',
    });
    expect(fake.paymentIntents.get(pi.id)?.status).toBe('succeeded');

    for (const amount of [0, -5, 1.5]) {
      await expect(
        stripe.paymentIntents.create({
          amount,
          currency: 'usd',
          payment_method: 'pm_card_visa',
          confirm: true,
        }),
      ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    }
  });

  it('answers validation and lookup errors like Stripe', async () => {
    const customer = await customerWithCard();
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ quantity: 1 }] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'items[0][price]',
    });
    await expect(
      stripe.subscriptions.create({ customer: 'cus_missing', items: [{ price: 'price_monthly' }] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
    await expect(
      stripe.paymentMethods.attach('card_123', { customer: customer.id }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.paymentMethods.attach('pm_card_visa', { customer: 'cus_missing' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.prices.retrieve('price_monthly')).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringContaining('Unrecognized request URL (GET: /v1/prices/price_monthly)'),
    });
  });

  it('rejects a wrong API key', async () => {
    const err = await client('sk_test_wrong_key_1234')
      .customers.create({ email: 'x@example.com' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((err as Error).message).toMatch(/^Invalid API Key provided/);
  });

  it('sends the pinned Stripe-Version', async () => {
    const customer = await stripe.customers.create({});
    expect(customer.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
  });
});

describe('signedEvent', () => {
  const secret = 'whsec_test_secret';
  const event = {
    id: 'evt_1',
    type: 'customer.subscription.updated',
    data: { object: { id: 'sub_1', object: 'subscription', status: 'active' } },
  };

  it('produces a payload and header that verify with the real client', () => {
    const { payload, header } = signedEvent(secret, event);
    const verified = Stripe.webhooks.constructEvent(payload, header, secret);
    expect(verified).toMatchObject({ id: 'evt_1', type: 'customer.subscription.updated' });
    expect(verified.data.object).toMatchObject({ id: 'sub_1', status: 'active' });
  });

  it('fails verification for a tampered payload, another secret or a stale timestamp', () => {
    const { payload, header } = signedEvent(secret, event);
    const tampered = payload.replace('"active"', '"canceled"');
    expect(() => Stripe.webhooks.constructEvent(tampered, header, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = signedEvent(secret, event, nowS() - 3600);
    expect(() => Stripe.webhooks.constructEvent(old.payload, old.header, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
