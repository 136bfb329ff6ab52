import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { classInput, createClass, subscribedTeacher } from '../../../test/factories.ts';

/**
 * Each class counts toward its own semester's allowance: real classes, counted by the classes
 * table, on a clock standing in Fall 2026.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-11-15T12:00:00Z') });
});
afterAll(async () => t.close());

type Auth = Record<string, string>;
const get = (url: string, headers: Auth) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT', url: string, headers: Auth, payload: object) =>
  t.app.inject({ method, url, headers, payload });
const data = (res: { json(): unknown }) => (res.json() as { data: Record<string, unknown> }).data;

const fall = { semester: 'Fall', year: 2026 };
const spring = { semester: 'Spring', year: 2027 };

async function fillFall(auth: Auth) {
  for (let i = 1; i <= 3; i++) await createClass(t.app, auth, { class_name: `Fall ${i}`, ...fall });
}

describe('per-semester allowance', () => {
  it('a Spring 2027 class does not use a Fall 2026 slot', async () => {
    const { auth } = await subscribedTeacher(t.app);
    await createClass(t.app, auth, { class_name: 'Next term', ...spring });
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      season_name: 'Fall 2026',
      classes_used: 0,
      classes_remaining: 3,
      next_class: 'included',
      other_seasons: [{ season_name: 'Spring 2027', classes_used: 1, addon_classes: 0 }],
    });
    await fillFall(auth);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      classes_used: 3,
      next_class: 'addon',
      other_seasons: [{ season_name: 'Spring 2027', classes_used: 1, addon_classes: 0 }],
    });
    // the check the wizard makes for a class of that semester counts that semester's classes
    expect(
      data(await get('/api/billing/validate-class-creation?semester=Spring&year=2027', auth)),
    ).toEqual({
      can_create: true,
      cost: 0,
      message: 'You can create this class within your plan.',
      season_name: 'Spring 2027',
      refusal: null,
    });
    expect(
      data(await get('/api/billing/validate-class-creation?semester=Fall&year=2026', auth)),
    ).toMatchObject({ can_create: false, cost: 6, season_name: 'Fall 2026' });
    // and without a semester, this season's
    expect(data(await get('/api/billing/validate-class-creation', auth))).toMatchObject({
      can_create: false,
      season_name: 'Fall 2026',
    });
  });

  it('refuses a class in a full season while another has room; its add-on is bought for that season', async () => {
    const { auth, user } = await subscribedTeacher(t.app);
    await fillFall(auth);
    const fourth = await send(
      'POST',
      '/api/classes',
      auth,
      classInput({ class_name: 'F4', ...fall }),
    );
    expect(fourth.statusCode).toBe(402);
    expect(body(fourth)).toEqual({
      success: false,
      code: 'CLASS_LIMIT_REACHED',
      detail: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
    });
    // Spring 2027 has room: no add-on is sold for it
    const early = await send('POST', '/api/billing/payment/purchase-addon', auth, {
      class_count: 1,
      season_name: 'Spring 2027',
    });
    expect(early.statusCode).toBe(409);
    expect(body(early)).toMatchObject({ code: 'ADDON_NOT_NEEDED' });
    for (let i = 1; i <= 3; i++)
      await createClass(t.app, auth, { class_name: `Spring ${i}`, ...spring });
    const springFourth = await send(
      'POST',
      '/api/classes',
      auth,
      classInput({ class_name: 'S4', ...spring }),
    );
    expect(springFourth.statusCode).toBe(402);
    expect(body(springFourth).detail).toBe(
      'You have used all 3 classes included in Spring 2027. An add-on class costs $6.00.',
    );
    // the add-on flow for that season: bought for Spring 2027, it makes room there only
    const bought = await send('POST', '/api/billing/payment/purchase-addon', auth, {
      class_count: 1,
      season_name: 'Spring 2027',
    });
    expect(bought.statusCode).toBe(200);
    expect(data(bought)).toMatchObject({
      season_name: 'Fall 2026',
      addon_classes: 0,
      other_seasons: [{ season_name: 'Spring 2027', classes_used: 3, addon_classes: 1 }],
    });
    expect(
      (await send('POST', '/api/classes', auth, classInput({ class_name: 'S4', ...spring })))
        .statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/classes', auth, classInput({ class_name: 'F4', ...fall })))
        .statusCode,
    ).toBe(402);
    const addons = await t.db
      .selectFrom('payments')
      .select(['season_name', 'description'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'addon')
      .execute();
    expect(addons).toEqual([
      { season_name: 'Spring 2027', description: 'Add-on class 1 — Spring 2027' },
    ]);
  });

  it('counts a Winter term in Spring, and a class without a semester in the season it is made in', async () => {
    const { auth } = await subscribedTeacher(t.app);
    await createClass(t.app, auth, { class_name: 'Winter', semester: 'Winter', year: 2027 });
    await createClass(t.app, auth, { class_name: 'No term', semester: null, year: null });
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      classes_used: 1,
      other_seasons: [{ season_name: 'Spring 2027', classes_used: 1, addon_classes: 0 }],
    });
  });

  it('a draft counts once made, in its own season', async () => {
    const { auth } = await subscribedTeacher(t.app);
    await fillFall(auth);
    const draft = await send(
      'POST',
      '/api/classes',
      auth,
      classInput({ class_name: 'Draft', is_draft: true, ...spring }),
    );
    expect(draft.statusCode).toBe(201);
    const id = data(draft).id as string;
    expect((await send('PUT', `/api/classes/${id}`, auth, { is_draft: false })).statusCode).toBe(
      200,
    );
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      classes_used: 3,
      other_seasons: [{ season_name: 'Spring 2027', classes_used: 1, addon_classes: 0 }],
    });
  });

  it('a class moved to another semester counts there, and needs room there', async () => {
    const { auth } = await subscribedTeacher(t.app);
    await fillFall(auth);
    const moving = await createClass(t.app, auth, { class_name: 'Moving', ...spring });
    // Fall 2026 is full: the class cannot move into it
    const refused = await send('PUT', `/api/classes/${moving.id}`, auth, fall);
    expect(refused.statusCode).toBe(402);
    expect(body(refused)).toMatchObject({ code: 'CLASS_LIMIT_REACHED' });
    expect(data(await get(`/api/classes/${moving.id}`, auth))).toMatchObject(spring);
    // a Fall class moved to Summer 2027 frees its Fall slot
    const list = data(await get('/api/classes', auth)) as {
      classes: { id: string; class_name: string }[];
    };
    const fall1 = list.classes.find((c) => c.class_name === 'Fall 1')!;
    expect(
      (await send('PUT', `/api/classes/${fall1.id}`, auth, { semester: 'Summer', year: 2027 }))
        .statusCode,
    ).toBe(200);
    expect(data(await get('/api/billing/usage', auth))).toMatchObject({
      classes_used: 2,
      other_seasons: [
        { season_name: 'Summer 2027', classes_used: 1, addon_classes: 0 },
        { season_name: 'Spring 2027', classes_used: 1, addon_classes: 0 },
      ],
    });
    // renaming moves nothing
    expect(
      (await send('PUT', `/api/classes/${moving.id}`, auth, { class_name: 'Renamed' })).statusCode,
    ).toBe(200);
  });

  it("counts only the teacher's own classes; another teacher cannot move one (404)", async () => {
    const a = await subscribedTeacher(t.app);
    const b = await subscribedTeacher(t.app);
    await fillFall(a.auth);
    const aClass = await createClass(t.app, a.auth, { class_name: 'Mine', ...spring });
    expect(data(await get('/api/billing/usage', b.auth))).toMatchObject({
      classes_used: 0,
      other_seasons: [],
    });
    const moved = await send('PUT', `/api/classes/${aClass.id}`, b.auth, {
      semester: 'Summer',
      year: 2027,
    });
    expect(moved.statusCode).toBe(404);
    expect(data(await get(`/api/classes/${aClass.id}`, a.auth))).toMatchObject(spring);
  });
});
