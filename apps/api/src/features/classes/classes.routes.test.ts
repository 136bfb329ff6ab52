import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, startTestInstance } from '../../../test/app.ts';
import {
  classInput,
  createClass,
  registerTeacher,
  subscribedTeacher,
} from '../../../test/factories.ts';
import { ClassesRepository } from './classes.repository.ts';
import { ClassesService } from './classes.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Data<T = Record<string, unknown>> = { data: T };
const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

describe('/api/classes', () => {
  it('needs a token on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/classes'],
      ['GET', '/api/classes/drafts'],
      ['POST', '/api/classes'],
      ['GET', `/api/classes/${id}`],
      ['PUT', `/api/classes/${id}`],
      ['DELETE', `/api/classes/${id}`],
    ] as const) {
      expect(
        (await inject(method, url, {}, method === 'POST' || method === 'PUT' ? {} : undefined))
          .statusCode,
        `${method} ${url}`,
      ).toBe(401);
    }
  });

  it('creates a class with a random share id and lists it with the billing summary', async () => {
    const { auth, user } = await subscribedTeacher(t.app);
    const res = await inject('POST', '/api/classes', auth, classInput());
    expect(res.statusCode).toBe(201);
    const created = body<Data<Record<string, unknown>>>(res).data;
    expect(created).toMatchObject({
      class_name: 'Introduction to Biology',
      course_code: 'BIO 101',
      semester: 'Fall',
      year: 2026,
      student_size: 40,
      is_active: true,
      question_count: 0,
      content_count: 0,
      has_syllabus: false,
      professor: { first_name: 'Ada', last_name: user.last_name },
      school_name: 'State University',
    });
    expect(created.chat_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.chat_uuid).not.toBe(created.id);

    const list = body<
      Data<{ classes: { id: string }[]; billing_summary: { classes_used: number } }>
    >(await inject('GET', '/api/classes', auth)).data;
    expect(list.classes.map((c) => c.id)).toEqual([created.id]);
    expect(list.billing_summary.classes_used).toBe(1);
  });

  it('sends empty optional fields as null and validates the rest with 422', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const minimal = await inject('POST', '/api/classes', auth, {
      class_name: '  Ethics  ',
      course_code: '',
      semester: null,
    });
    expect(minimal.statusCode).toBe(201);
    expect(body<Data>(minimal).data).toMatchObject({
      class_name: 'Ethics',
      course_code: null,
      semester: null,
      year: null,
    });
    for (const bad of [
      { class_name: '   ' },
      { class_name: 'X', semester: 'Autumn' },
      { class_name: 'X', student_size: 0 },
      { class_name: 'X', student_size: 10_001 },
      { class_name: 'X', year: 1999 },
    ]) {
      const res = await inject('POST', '/api/classes', auth, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('enforces the billing allowance: the 4th class needs an add-on (402 with the message)', async () => {
    const { auth } = await subscribedTeacher(t.app);
    for (let i = 1; i <= 3; i++) await createClass(t.app, auth, { class_name: `Class ${i}` });
    const fourth = await inject(
      'POST',
      '/api/classes',
      auth,
      classInput({ class_name: 'Class 4' }),
    );
    expect(fourth.statusCode).toBe(402);
    expect(body(fourth)).toEqual({
      success: false,
      detail: 'You have used all 3 classes included in Fall 2026. An add-on class costs $6.00.',
      code: 'CLASS_LIMIT_REACHED',
    });
    // the add-on is for the class's season (its semester's, whatever the season now)
    await inject('POST', '/api/billing/payment/purchase-addon', auth, {
      class_count: 1,
      season_name: 'Fall 2026',
    });
    expect(
      (await inject('POST', '/api/classes', auth, classInput({ class_name: 'Class 4' })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses the 11th class of a season with 409 CLASS_MAXIMUM_REACHED, as the 8th add-on', async () => {
    const { auth } = await subscribedTeacher(t.app);
    // an add-on is sold once the classes included are used: one before each class past the 3rd
    for (let i = 1; i <= 10; i++) {
      if (i > 3)
        await inject('POST', '/api/billing/payment/purchase-addon', auth, {
          class_count: 1,
          season_name: 'Fall 2026',
        });
      await createClass(t.app, auth, { class_name: `Class ${i}` });
    }
    const eleventh = await inject(
      'POST',
      '/api/classes',
      auth,
      classInput({ class_name: 'Eleven' }),
    );
    // 409 (one code, one status: DESIGN §4): at the maximum no payment helps
    expect(eleventh.statusCode).toBe(409);
    expect(body(eleventh)).toEqual({
      success: false,
      detail: 'You have reached the maximum of 10 classes in Fall 2026.',
      code: 'CLASS_MAXIMUM_REACHED',
    });
  });

  it('twelve classes created at once: three made, the rest refused by the allowance, no 5xx', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        inject('POST', '/api/classes', auth, classInput({ class_name: `Burst ${i}` })),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 402)).toBe(true);
    // the app still answers others at once
    expect((await inject('GET', '/api/health')).statusCode).toBe(200);
  });

  it('a burst across two instances: three made in all, the rest 402 or told to retry, no 500', async () => {
    const other = await startTestInstance(t.databaseUrl);
    try {
      const { auth } = await subscribedTeacher(t.app);
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other.app : t.app).inject({
            method: 'POST',
            url: '/api/classes',
            headers: auth,
            payload: classInput({ class_name: `Across ${i}` }),
          }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.every((s) => [201, 402, 503].includes(s))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses class creation before the plan starts', async () => {
    const { auth } = await registerTeacher(t.app);
    const res = await inject('POST', '/api/classes', auth, classInput());
    // 403 SUBSCRIPTION_INACTIVE (DESIGN §4): the same condition
    // as buying an add-on without a plan, and paying for an add-on would not help
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({
      code: 'SUBSCRIPTION_INACTIVE',
      detail: expect.stringMatching(/not active/),
    });
  });

  it('creates at most the allowance even when requests race', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        inject('POST', '/api/classes', auth, classInput({ class_name: `Race ${i}` })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 402, 402]);
  });

  it('updates information and toggles is_active; active_only filters', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const c = await createClass(t.app, auth);
    const renamed = await inject('PUT', `/api/classes/${c.id}`, auth, {
      class_name: 'Biology I',
      description: null,
    });
    expect(body<Data>(renamed).data).toMatchObject({
      class_name: 'Biology I',
      description: null,
      course_code: 'BIO 101',
    });
    const off = await inject('PUT', `/api/classes/${c.id}`, auth, { is_active: false });
    expect(body<Data>(off).data).toMatchObject({ is_active: false });
    const active = body<Data<{ classes: unknown[] }>>(
      await inject('GET', '/api/classes?active_only=true', auth),
    ).data;
    expect(active.classes).toHaveLength(0);
    expect(
      (await inject('PUT', `/api/classes/${c.id}`, auth, { is_active: 'yes' })).statusCode,
    ).toBe(422);
  });

  it("answers 404 for another teacher's class on every route", async () => {
    const owner = await subscribedTeacher(t.app);
    const other = await subscribedTeacher(t.app);
    const c = await createClass(t.app, owner.auth);
    expect((await inject('GET', `/api/classes/${c.id}`, other.auth)).statusCode).toBe(404);
    expect(
      (await inject('PUT', `/api/classes/${c.id}`, other.auth, { is_active: false })).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', `/api/classes/${c.id}`, other.auth)).statusCode).toBe(404);
    const list = body<Data<{ classes: unknown[] }>>(
      await inject('GET', '/api/classes', other.auth),
    ).data;
    expect(list.classes).toHaveLength(0);
    // and the class is untouched
    expect(body<Data>(await inject('GET', `/api/classes/${c.id}`, owner.auth)).data).toMatchObject({
      is_active: true,
    });
  });

  it('deletes a class with its content and chunks', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const c = await createClass(t.app, auth);
    const content = await t.db
      .insertInto('contents')
      .values({
        class_id: c.id,
        title: 'Syllabus',
        content: 'Office hours are on Monday.',
        content_type: 'syllabus',
        word_count: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('content_chunks')
      .values({
        content_id: content.id,
        class_id: c.id,
        position: 0,
        heading: null,
        body: 'Office hours are on Monday.',
        word_count: 5,
      })
      .execute();
    expect((await inject('DELETE', `/api/classes/${c.id}`, auth)).statusCode).toBe(200);
    expect((await inject('GET', `/api/classes/${c.id}`, auth)).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('contents').select('id').where('class_id', '=', c.id).execute(),
    ).toHaveLength(0);
    expect(
      await t.db.selectFrom('content_chunks').select('id').where('class_id', '=', c.id).execute(),
    ).toHaveLength(0);
  });

  it('answers 422 for a malformed id', async () => {
    const { auth } = await subscribedTeacher(t.app);
    expect((await inject('GET', '/api/classes/not-a-uuid', auth)).statusCode).toBe(422);
  });
});

describe('class drafts (the wizard before Create Class)', () => {
  const draft = (auth: Record<string, string>, name: string) =>
    inject('POST', '/api/classes', auth, classInput({ class_name: name, is_draft: true }));
  const classesUsed = async (auth: Record<string, string>) =>
    body<Data<{ billing_summary: { classes_used: number } }>>(
      await inject('GET', '/api/classes', auth),
    ).data.billing_summary.classes_used;
  const listed = async (auth: Record<string, string>, url = '/api/classes') =>
    body<Data<{ classes: { id: string }[] }>>(await inject('GET', url, auth)).data.classes.map(
      (c) => c.id,
    );

  it('a draft is hidden, uncounted and has no chat until Create Class makes it a class', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const made = await draft(auth, 'Organic Chemistry I');
    expect(made.statusCode).toBe(201);
    const cls = body<Data<{ id: string; chat_uuid: string; is_draft: boolean }>>(made).data;
    expect(cls.is_draft).toBe(true);
    expect(await listed(auth)).toEqual([]);
    expect(await listed(auth, '/api/classes/drafts')).toEqual([cls.id]);
    expect(await classesUsed(auth)).toBe(0);
    expect((await inject('GET', `/api/chat/session/${cls.chat_uuid}`)).statusCode).toBe(404);
    // its owner reads and edits it; nobody else sees it
    expect((await inject('GET', `/api/classes/${cls.id}`, auth)).statusCode).toBe(200);
    const other = await subscribedTeacher(t.app);
    expect(await listed(other.auth, '/api/classes/drafts')).toEqual([]);
    expect((await inject('GET', `/api/classes/${cls.id}`, other.auth)).statusCode).toBe(404);

    const finished = await inject('PUT', `/api/classes/${cls.id}`, auth, {
      class_name: 'Organic Chemistry I (Fall)',
      is_draft: false,
    });
    expect(finished.statusCode).toBe(200);
    expect(body<Data>(finished).data).toMatchObject({
      is_draft: false,
      class_name: 'Organic Chemistry I (Fall)',
    });
    expect(await listed(auth)).toEqual([cls.id]);
    expect(await listed(auth, '/api/classes/drafts')).toEqual([]);
    expect(await classesUsed(auth)).toBe(1);
    expect((await inject('GET', `/api/chat/session/${cls.chat_uuid}`)).statusCode).toBe(200);
    // a class does not go back to being a draft
    const back = await inject('PUT', `/api/classes/${cls.id}`, auth, { is_draft: true });
    expect(back.statusCode).toBe(422);
  });

  it('Create Class on a full allowance is refused and leaves the draft as it was', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const d = body<Data<{ id: string }>>(await draft(auth, 'Draft')).data;
    for (let i = 1; i <= 3; i++) await createClass(t.app, auth, { class_name: `Class ${i}` });
    const refused = await inject('PUT', `/api/classes/${d.id}`, auth, {
      class_name: 'Renamed',
      is_draft: false,
    });
    expect(refused.statusCode).toBe(402);
    expect(body(refused)).toMatchObject({ code: 'CLASS_LIMIT_REACHED' });
    const still = body<Data>(await inject('GET', `/api/classes/${d.id}`, auth)).data;
    expect(still).toMatchObject({ is_draft: true, class_name: 'Draft' });
    expect(await classesUsed(auth)).toBe(3);
  });

  it('drafts finished at once never make more classes than the allowance', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(body<Data<{ id: string }>>(await draft(auth, `D${i}`)).data.id);
    const results = await Promise.all(
      ids.map((id) => inject('PUT', `/api/classes/${id}`, auth, { is_draft: false })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 402, 402]);
    expect(await classesUsed(auth)).toBe(3);
    expect(await listed(auth, '/api/classes/drafts')).toHaveLength(2);
  });

  it('keeps at most five drafts per teacher and deletes a draft untouched for a week', async () => {
    const { auth } = await subscribedTeacher(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(body<Data<{ id: string }>>(await draft(auth, `D${i}`)).data.id);
    const sixth = await draft(auth, 'D5');
    expect(sixth.statusCode).toBe(409);
    const kept = await createClass(t.app, auth, { class_name: 'A real class' });
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    await t.db
      .updateTable('classes')
      .set({ updated_at: eightDaysAgo, created_at: eightDaysAgo })
      .where('id', 'in', [ids[0]!, kept.id])
      .execute();
    // what the hourly housekeeping runs
    const service = new ClassesService({
      repo: new ClassesRepository(t.db),
      billing: undefined as never,
    });
    expect(await service.deleteAbandonedDrafts()).toBeGreaterThanOrEqual(1);
    expect(await listed(auth, '/api/classes/drafts')).toEqual(ids.slice(1).reverse());
    // an old class is no draft: it stays
    expect(await listed(auth)).toEqual([kept.id]);
    expect((await draft(auth, 'D5')).statusCode).toBe(201);
  });
});
