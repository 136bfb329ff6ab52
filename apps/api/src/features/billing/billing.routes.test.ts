import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { registerTeacher } from '../../../test/factories.ts';

/** Local (demo) payments, a movable clock and a class counter the tests set. */
let clock = new Date('2026-09-15T12:00:00Z');
const classes = new Map<string, number>();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { now: () => clock, countClasses: async (userId) => classes.get(userId) ?? 0 },
  );
});
afterAll(async () => t.close());
beforeEach(() => {
  clock = new Date('2026-09-15T12:00:00Z');
});

const card = {
  payment_method_id: 'pm_local_visa_4242',
  cardholder_name: 'Ada Lovelace',
  billing_email: 'ada@uni.test',
};
type Data = { data: Record<string, unknown> };
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const data = (res: { json(): unknown }) => (res.json() as Data).data;

async function subscribedTeacher() {
  const teacher = await registerTeacher(t.app);
  const res = await post('/api/billing/payment/create-trial-subscription', teacher.auth, card);
  expect(res.statusCode).toBe(201);
  return teacher;
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/billing/usage'],
    ['GET', '/api/billing/validate-class-creation'],
    ['GET', '/api/billing/subscription'],
    ['GET', '/api/billing/history'],
    ['GET', '/api/billing/payment/stripe-data'],
    ['GET', '/api/billing/payment/addon-payment-data'],
    ['POST', '/api/billing/payment/create-trial-subscription'],
    ['POST', '/api/billing/payment/purchase-addon'],
    ['POST', '/api/billing/cancel'],
    ['POST', '/api/billing/resume'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });

  it('serves pricing and the current season without a token', async () => {
    const pricing = data(await get('/api/billing/pricing')) as {
      plans: { id: string; price: number; available: boolean; addon_price: number | null }[];
    };
    expect(pricing.plans).toEqual([
      expect.objectContaining({ id: 'single', price: 18, available: true, addon_price: 6 }),
      expect.objectContaining({ id: 'department', price: 135, available: false }),
    ]);
    expect(data(await get('/api/billing/current-season'))).toEqual({
      season: 'Fall',
      year: 2026,
      name: 'Fall 2026',
      starts_at: '2026-08-01T00:00:00.000Z',
      ends_at: '2026-12-31T23:59:59.999Z',
    });
  });
});

describe('season boundaries (injected clock)', () => {
  it.each([
    ['2026-07-31T23:59:59Z', 'Summer 2026'],
    ['2026-08-01T00:00:00Z', 'Fall 2026'],
    ['2026-04-30T23:59:59Z', 'Spring 2026'],
    ['2026-05-01T00:00:00Z', 'Summer 2026'],
    ['2026-12-31T23:59:59Z', 'Fall 2026'],
    ['2027-01-01T00:00:00Z', 'Spring 2027'],
  ])('at %s the usage counts in %s', async (at, name) => {
    const teacher = await subscribedTeacher();
    clock = new Date(at);
    expect(data(await get('/api/billing/usage', teacher.auth)).season_name).toBe(name);
    expect(data(await get('/api/billing/current-season')).name).toBe(name);
  });

  it('counts add-ons only in the season they were bought for', async () => {
    clock = new Date('2026-07-31T23:00:00Z');
    const teacher = await subscribedTeacher();
    classes.set(teacher.user.id, 3);
    expect(
      (await post('/api/billing/payment/purchase-addon', teacher.auth, { class_count: 1 }))
        .statusCode,
    ).toBe(200);
    expect(data(await get('/api/billing/usage', teacher.auth)).addon_classes).toBe(1);
    clock = new Date('2026-08-01T00:00:00Z');
    expect(data(await get('/api/billing/usage', teacher.auth))).toMatchObject({
      season_name: 'Fall 2026',
      addon_classes: 0,
      other_seasons: [{ season_name: 'Summer 2026', classes_used: 0, addon_classes: 1 }],
    });
  });
});

describe('the trial subscription (demo provider)', () => {
  it('tells the browser it is in demo mode', async () => {
    const { auth } = await registerTeacher(t.app);
    expect(data(await get('/api/billing/payment/stripe-data', auth))).toEqual({
      provider: 'local',
      publishable_key: null,
      price: 18,
      currency: 'usd',
      trial_days: 3,
      plan_name: 'Teacher',
    });
  });

  it('starts a 3-day trial: the profile says trialing with the subscription id', async () => {
    const { auth } = await registerTeacher(t.app);
    const res = await post('/api/billing/payment/create-trial-subscription', auth, card);
    expect(res.statusCode).toBe(201);
    const sub = data(res) as { id: string; trial_end: string };
    expect(sub.id).toMatch(/^sub_local_/);
    expect(new Date(sub.trial_end).getTime()).toBe(clock.getTime() + 3 * 86_400_000);
    const profile = data(await get('/api/auth/profile', auth)) as { user: Record<string, unknown> };
    expect(profile.user).toMatchObject({
      subscription_status: 'trialing',
      subscription_id: sub.id,
      trial_end: sub.trial_end,
    });
    expect(data(await get('/api/billing/subscription', auth))).toMatchObject({
      status: 'trialing',
      provider: 'local',
      cancel_at_period_end: false,
    });
  });

  it('refuses a second subscription with 409', async () => {
    const { auth } = await subscribedTeacher();
    const res = await post('/api/billing/payment/create-trial-subscription', auth, card);
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe('SUBSCRIPTION_EXISTS');
  });

  it.each([
    [{ ...card, cardholder_name: ' ' }, 'Please enter the cardholder name'],
    [{ ...card, billing_email: 'no-at-sign' }, 'Please enter a valid email address'],
  ])('validates the card form: %o', async (payload, msg) => {
    const { auth } = await registerTeacher(t.app);
    const res = await post('/api/billing/payment/create-trial-subscription', auth, payload);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(body(res).detail)).toContain(msg);
  });

  it('refuses a card number or anything but a demo payment method, storing nothing', async () => {
    const { auth, user } = await registerTeacher(t.app);
    const res = await post('/api/billing/payment/create-trial-subscription', auth, {
      ...card,
      payment_method_id: '4242424242424242',
    });
    expect(res.statusCode).toBe(422);
    const row = await t.db
      .selectFrom('users')
      .select(['subscription_status', 'subscription_id'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subscription_status: 'incomplete_signup', subscription_id: null });
  });

  it('ignores any status, price or allowance the client sends', async () => {
    const { auth } = await registerTeacher(t.app);
    const res = await post('/api/billing/payment/create-trial-subscription', auth, {
      ...card,
      status: 'active',
      price: 0,
      trial_days: 365,
    });
    expect(res.statusCode).toBe(201);
    const sub = data(await get('/api/billing/subscription', auth));
    expect(sub).toMatchObject({ status: 'trialing', price: 18 });
  });
});

describe('usage and the class allowance', () => {
  it('gives a new sign-up no allowance until the plan starts', async () => {
    const { auth } = await registerTeacher(t.app);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      subscription_status: 'incomplete_signup',
      can_add_class: false,
      max_base_classes: 3,
    });
    expect(data(await get('/api/billing/validate-class-creation', auth))).toMatchObject({
      can_create: false,
      cost: 0,
    });
  });

  it('reports SPEC fields within the base classes', async () => {
    const { auth, user } = await subscribedTeacher();
    classes.set(user.id, 2);
    expect(data(await get('/api/billing/usage', auth))).toEqual({
      plan_type: 'single',
      subscription_status: 'trialing',
      total_cost: 18,
      season_name: 'Fall 2026',
      classes_used: 2,
      max_base_classes: 3,
      addon_classes: 0,
      classes_remaining: 1,
      can_add_class: true,
      next_class_cost: 0,
      max_classes: 10,
      addon_price: 6,
      next_class: 'included',
      other_seasons: [],
    });
    expect(data(await get('/api/billing/validate-class-creation', auth))).toMatchObject({
      can_create: true,
      cost: 0,
    });
  });

  it('charges an add-on at 3 classes; the add-on makes the next class free', async () => {
    const { auth, user } = await subscribedTeacher();
    classes.set(user.id, 3);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      can_add_class: false,
      next_class: 'addon',
      next_class_cost: 6,
      classes_remaining: 0,
    });
    expect(data(await get('/api/billing/validate-class-creation', auth))).toEqual({
      can_create: false,
      cost: 6,
      message: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
      season_name: 'Fall 2026',
      refusal: 'CLASS_LIMIT_REACHED',
    });
    const bought = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(bought.statusCode).toBe(200);
    expect(data(bought)).toMatchObject({
      addon_classes: 1,
      can_add_class: true,
      next_class: 'included',
      next_class_cost: 0,
      total_cost: 24,
    });
  });

  it('offers no add-on while included classes are left: "Included" never stands beside one', async () => {
    const { auth, user } = await subscribedTeacher();
    classes.set(user.id, 2);
    expect(data(await get('/api/billing/payment/addon-payment-data', auth))).toMatchObject({
      can_purchase: false,
      message:
        'You can still create 1 class in Fall 2026 within your plan: add-on classes can be bought once the included ones are used.',
    });
    const early = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(early.statusCode).toBe(409);
    expect(body(early)).toEqual({
      success: false,
      code: 'ADDON_NOT_NEEDED',
      detail:
        'You can still create 1 class in Fall 2026 within your plan: add-on classes can be bought once the included ones are used.',
    });
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({ addon_classes: 0 });
  });

  it('after cancelling: no add-on offered or sold (409 PLAN_CANCELLED), included classes still free', async () => {
    const { auth, user } = await subscribedTeacher();
    expect((await post('/api/billing/cancel', auth)).statusCode).toBe(200);
    classes.set(user.id, 2);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      can_add_class: true,
      next_class: 'included',
    });
    const withRoom = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(body(withRoom)).toEqual({
      success: false,
      code: 'PLAN_CANCELLED',
      detail:
        'Your plan is cancelled, so no add-on class can be bought: resume it in My Account to add one.',
    });
    classes.set(user.id, 3);
    const message =
      'You have used all 3 classes included in Fall 2026. Your plan is cancelled, so no add-on class can be bought: resume it in My Account to add one.';
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      can_add_class: false,
      next_class: 'cancelled',
      next_class_cost: 0,
    });
    expect(data(await get('/api/billing/validate-class-creation', auth))).toEqual({
      can_create: false,
      cost: 0,
      message,
      season_name: 'Fall 2026',
      refusal: 'PLAN_CANCELLED',
    });
    expect(data(await get('/api/billing/payment/addon-payment-data', auth))).toMatchObject({
      can_purchase: false,
      max_purchasable: 0,
      message,
    });
    const refused = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toEqual({ success: false, code: 'PLAN_CANCELLED', detail: message });
    const addons = await t.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'addon')
      .execute();
    expect(addons).toEqual([]);
    // resumed, the add-on is offered again
    await post('/api/billing/resume', auth);
    expect(
      (await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 })).statusCode,
    ).toBe(200);
  });

  it('starts the plan once when asked ten times at once', async () => {
    const teacher = await registerTeacher(t.app);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/billing/payment/create-trial-subscription', teacher.auth, card),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    for (const r of replies.filter((r) => r.statusCode === 409))
      expect(body(r)).toMatchObject({ success: false, code: 'SUBSCRIPTION_EXISTS' });
    const started = data(replies.find((r) => r.statusCode === 201)!);
    const row = await t.db
      .selectFrom('users')
      .select(['subscription_id', 'subscription_status'])
      .where('id', '=', teacher.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subscription_id: started.id, subscription_status: 'trialing' });
  });

  it('records and charges concurrent purchases of one add-on once, and never passes the cap', async () => {
    const { auth, user } = await subscribedTeacher();
    // each time the included classes are used, a burst of purchases buys exactly one add-on
    for (let used = 3; used < 10; used++) {
      classes.set(user.id, used);
      const burst = await Promise.all(
        Array.from({ length: 6 }, () =>
          post('/api/billing/payment/purchase-addon', auth, { class_count: 1 }),
        ),
      );
      for (const res of burst) expect([200, 409]).toContain(res.statusCode);
      expect(data(await get('/api/billing/usage', auth))).toMatchObject({
        addon_classes: used - 2,
      });
    }
    // the season holds exactly the cap
    classes.set(user.id, 10);
    const past = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(body(past)).toMatchObject({ code: 'CLASS_MAXIMUM_REACHED' });
    const payments = await t.db
      .selectFrom('payments')
      .select(['addon_seq'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'addon')
      .execute();
    expect(payments.map((p) => p.addon_seq).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({ addon_classes: 7 });
  });

  it('sells add-ons one at a time up to 10 classes, then refuses with 409', async () => {
    const { auth, user } = await subscribedTeacher();
    for (let i = 1; i <= 7; i++) {
      classes.set(user.id, 2 + i);
      const res = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
      expect(res.statusCode, `add-on ${i}`).toBe(200);
    }
    const eighth = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(eighth.statusCode).toBe(409);
    expect(body(eighth)).toMatchObject({
      code: 'CLASS_MAXIMUM_REACHED',
      detail: 'You have reached the maximum of 10 classes in Fall 2026.',
    });
    expect(data(await get('/api/billing/payment/addon-payment-data', auth))).toMatchObject({
      can_purchase: false,
      max_purchasable: 0,
    });

    classes.set(user.id, 10);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      addon_classes: 7,
      can_add_class: false,
      classes_remaining: 0,
      total_cost: 60,
      // at the maximum the next class costs nothing: none can be bought
      next_class: 'maximum',
      next_class_cost: 0,
    });
    expect(data(await get('/api/billing/validate-class-creation', auth))).toEqual({
      can_create: false,
      cost: 0,
      message: 'You have reached the maximum of 10 classes in Fall 2026.',
      season_name: 'Fall 2026',
      refusal: 'CLASS_MAXIMUM_REACHED',
    });
    classes.set(user.id, 9);
    expect(data(await get('/api/billing/validate-class-creation', auth))).toMatchObject({
      can_create: true,
    });
  });

  it('validates add-on requests', async () => {
    const { auth, user } = await subscribedTeacher();
    classes.set(user.id, 3);
    for (const season_name of ['Autumn 2026', 'Fall 1999', 'Fall 26', 'fall 2026', '']) {
      const res = await post('/api/billing/payment/purchase-addon', auth, {
        class_count: 1,
        season_name,
      });
      expect(res.statusCode, season_name).toBe(422);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    for (const query of ['semester=Autumn', 'year=1999', 'year=abc', 'semester=Fall&year=2101']) {
      const res = await get(`/api/billing/validate-class-creation?${query}`, auth);
      expect(res.statusCode, query).toBe(422);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(
      (await post('/api/billing/payment/purchase-addon', auth, { class_count: 2 })).statusCode,
    ).toBe(422);
    expect(
      (await post('/api/billing/payment/purchase-addon', auth, { class_count: 0 })).statusCode,
    ).toBe(422);
    expect(
      (await get('/api/billing/payment/addon-payment-data?class_count=0', auth)).statusCode,
    ).toBe(422);
    expect(
      (await get('/api/billing/payment/addon-payment-data?class_count=abc', auth)).statusCode,
    ).toBe(422);
    expect(data(await get('/api/billing/payment/addon-payment-data', auth))).toMatchObject({
      provider: 'local',
      class_count: 1,
      unit_price: 6,
      amount: 6,
      can_purchase: true,
      max_purchasable: 7,
    });
  });

  it('refuses add-ons without an active plan', async () => {
    const { auth } = await registerTeacher(t.app);
    const res = await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe('SUBSCRIPTION_INACTIVE');
  });
});

describe('payment history', () => {
  it('lists payments newest first, paged', async () => {
    const { auth, user } = await subscribedTeacher();
    classes.set(user.id, 3);
    await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    classes.set(user.id, 4);
    await post('/api/billing/payment/purchase-addon', auth, { class_count: 1 });
    const page1 = data(await get('/api/billing/history?per_page=1', auth)) as {
      payments: { description: string; amount: number; status: string }[];
      total: number;
    };
    expect(page1.total).toBe(2);
    expect(page1.payments).toEqual([
      expect.objectContaining({
        description: 'Add-on class 2 — Fall 2026',
        amount: 6,
        status: 'not_charged',
      }),
    ]);
    const page2 = data(await get('/api/billing/history?per_page=1&page=2', auth)) as typeof page1;
    expect(page2.payments[0]!.description).toBe('Add-on class 1 — Fall 2026');
  });

  it('validates paging', async () => {
    const { auth } = await registerTeacher(t.app);
    expect((await get('/api/billing/history?page=0', auth)).statusCode).toBe(422);
    expect((await get('/api/billing/history?per_page=1000', auth)).statusCode).toBe(422);
    expect(data(await get('/api/billing/history', auth))).toEqual({
      payments: [],
      total: 0,
      page: 1,
      per_page: 20,
    });
  });

  it("never shows another teacher's payments", async () => {
    const a = await subscribedTeacher();
    const b = await subscribedTeacher();
    classes.set(a.user.id, 3);
    expect(
      (await post('/api/billing/payment/purchase-addon', a.auth, { class_count: 1 })).statusCode,
    ).toBe(200);
    expect((data(await get('/api/billing/history', b.auth)) as { total: number }).total).toBe(0);
  });
});

describe('the subscription over time (demo provider)', () => {
  it('becomes active when the trial ends, recording the semester as not charged', async () => {
    const { auth } = await subscribedTeacher();
    clock = new Date(clock.getTime() + 3 * 86_400_000 + 1000);
    expect(data(await get('/api/billing/subscription', auth))).toMatchObject({
      status: 'active',
      current_period_end: '2026-12-31T23:59:59.999Z',
    });
    const history = data(await get('/api/billing/history', auth)) as {
      payments: { description: string; amount: number; status: string }[];
    };
    expect(history.payments).toEqual([
      expect.objectContaining({
        description: 'Teacher plan — Fall 2026',
        amount: 18,
        status: 'not_charged',
      }),
    ]);
    // and renews into the next season
    clock = new Date('2027-01-02T00:00:00Z');
    expect(data(await get('/api/billing/subscription', auth))).toMatchObject({
      status: 'active',
      current_period_end: '2027-04-30T23:59:59.999Z',
    });
  });

  it('cancels at the end of the trial: access continues, then suspended', async () => {
    const { auth } = await subscribedTeacher();
    const res = await post('/api/billing/cancel', auth);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(data(await post('/api/billing/cancel', auth))).toMatchObject({
      cancel_at_period_end: true,
    }); // idempotent
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({ can_add_class: true });
    clock = new Date(clock.getTime() + 3 * 86_400_000 + 1000);
    expect(data(await get('/api/billing/subscription', auth))).toMatchObject({
      status: 'suspended',
    });
    expect(
      (data(await get('/api/auth/profile', auth)) as { user: { subscription_status: string } }).user
        .subscription_status,
    ).toBe('suspended');
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({ can_add_class: false });
  });

  it('resumes a cancelled plan before it ends; not one that is not cancelled or has ended', async () => {
    const { auth } = await subscribedTeacher();
    const notCancelled = await post('/api/billing/resume', auth);
    expect(notCancelled.statusCode).toBe(409);
    expect(body(notCancelled).detail).toBe('Your plan is not cancelled: it renews as usual.');
    await post('/api/billing/cancel', auth);
    const resumed = await post('/api/billing/resume', auth);
    expect(resumed.statusCode).toBe(200);
    expect(data(resumed)).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: false,
      canceled_at: null,
    });
    // it renews instead of ending
    clock = new Date(clock.getTime() + 3 * 86_400_000 + 1000);
    expect(data(await get('/api/billing/subscription', auth))).toMatchObject({ status: 'active' });

    await post('/api/billing/cancel', auth);
    clock = new Date(clock.getTime() + 400 * 86_400_000);
    const ended = await post('/api/billing/resume', auth);
    expect(ended.statusCode).toBe(409);
    expect(body(ended).detail).toBe('Your plan has ended. Choose a plan to subscribe again.');
  });

  it('refuses to cancel without an active plan', async () => {
    const { auth } = await registerTeacher(t.app);
    const res = await post('/api/billing/cancel', auth);
    expect(res.statusCode).toBe(409);
    // not SUBSCRIPTION_INACTIVE (a 403: an action that needs a plan; DESIGN §4: one code, one status)
    expect(body(res).code).toBe('NOTHING_TO_CANCEL');
  });

  it('answers 404 to a webhook when Stripe is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: { id: 'evt_1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
