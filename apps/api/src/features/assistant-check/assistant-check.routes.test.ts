import { CHECK_MESSAGES, type AssistantCheck, type AssistantCheckItem } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { STANDARD_QUESTIONS } from './standard-questions.ts';

const SYLLABUS = `# PSYC 210: Research Methods

## Instructor
Dr. Maria Lopez, maria.lopez@uni.test

## Office Hours
Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.

## Exams
The midterm exam is on October 14. The final exam is on December 12 at 9:00 AM.

## Late Work
Late assignments lose 10% per day and are not accepted after three days.`;

const CHANGED_OFFICE_HOURS = SYLLABUS.replace(
  'Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.',
  'Office hours are Thursdays 1:00-2:00 PM on Zoom.',
);

let t: TestApp;
let ip = 0;

type Teacher = { auth: Record<string, string> };

async function classWith(syllabus: string) {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth);
  await addSyllabus(teacher, cls.id, syllabus);
  return { ...cls, teacher };
}

async function addSyllabus(teacher: Teacher, classId: string, content: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: teacher.auth,
    payload: { class_id: classId, title: 'Syllabus', content },
  });
  expect(res.statusCode).toBe(201);
}

const list = async (teacher: Teacher, classId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/classes/${classId}/assistant-check`,
    headers: teacher.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as AssistantCheck;
};

const put = (teacher: Teacher, classId: string, itemId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/classes/${classId}/assistant-check/${itemId}`,
    headers: teacher.auth,
    payload: payload as object,
  });

const add = (teacher: Teacher, classId: string, question: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/assistant-check`,
    headers: teacher.auth,
    payload: { question },
  });

async function ask(chatUuid: string, question: string) {
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    remoteAddress: `203.0.113.${ip % 250}`,
    payload: { question },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    response: string;
    kind: string;
    checked_by_teacher: boolean;
  };
}

const itemOf = (check: AssistantCheck, id: string) => check.items.find((i) => i.id === id)!;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/classes/{id}/assistant-check', () => {
  it('lists the standard questions, each with the reply a student gets now, unchecked', async () => {
    const cls = await classWith(SYLLABUS);
    const check = await list(cls.teacher, cls.id);
    expect(check.total).toBe(STANDARD_QUESTIONS.length);
    expect(check.checked).toBe(0);
    expect(check.items.map((i) => i.id)).toEqual(STANDARD_QUESTIONS.map((q) => q.key));
    for (const item of check.items) {
      expect(item).toMatchObject({ standard: true, status: 'unchecked', answer: null });
      expect(['answer', 'excerpt', 'none']).toContain(item.reply.kind);
    }
    // the office hours are in the syllabus: the reply says or quotes them
    expect(itemOf(check, 'office_hours').reply.response).toMatch(/Tuesdays/);
  });
});

describe('a checked answer is what students asking the same in other words get', () => {
  it('confirm: the reply becomes the answer, marked as checked by the teacher', async () => {
    const cls = await classWith(SYLLABUS);
    const before = itemOf(await list(cls.teacher, cls.id), 'office_hours');
    const res = await put(cls.teacher, cls.id, 'office_hours', { status: 'confirmed' });
    expect(res.statusCode).toBe(200);
    const item = res.json().data as AssistantCheckItem;
    // the quotation becomes an answer in the passage's own words: no lead, no quote marks
    expect(before.reply.kind).toBe('excerpt');
    expect(before.reply.response).toMatch(/^Here is what the syllabus says about .*:\n> /);
    expect(item.status).toBe('confirmed');
    expect(item.answer).toBe('Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.');
    expect(item.reply).toMatchObject({
      kind: 'answer',
      response: item.answer,
      checked_by_teacher: true,
    });
    expect(item.reply.citations[0]).toMatchObject({ title: 'Syllabus' });
    expect(item.checked_at).not.toBeNull();

    const reply = await ask(cls.chat_uuid, 'what time are office hours');
    expect(reply).toMatchObject({
      response: item.answer,
      kind: 'answer',
      checked_by_teacher: true,
    });
    const stored = await t.db
      .selectFrom('conversations')
      .select(['check_key', 'from_check'])
      .where('id', '=', reply.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ check_key: 'office_hours', from_check: true });
    // another question is not given it
    expect((await ask(cls.chat_uuid, 'where are office hours')).checked_by_teacher).toBe(false);
  });

  it('edit: the teacher’s words are the answer; a question about another exam does not get it', async () => {
    const cls = await classWith(SYLLABUS);
    const missing = await put(cls.teacher, cls.id, 'final', { status: 'edited' });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain(CHECK_MESSAGES.answerRequired);
    const blank = await put(cls.teacher, cls.id, 'final', { status: 'edited', answer: '   ' });
    expect(blank.statusCode).toBe(422);

    const answer = 'The final is on Friday, December 12, 9:00–11:00 AM, in our usual room.';
    const res = await put(cls.teacher, cls.id, 'final', { status: 'edited', answer });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'edited', answer });

    for (const q of ["when's the final", 'What date is the final exam?']) {
      expect(await ask(cls.chat_uuid, q)).toMatchObject({
        response: answer,
        checked_by_teacher: true,
      });
    }
    const midterm = await ask(cls.chat_uuid, 'when is the midterm');
    expect(midterm.checked_by_teacher).toBe(false);
    expect(midterm.response).not.toBe(answer);
  });

  it('not covered: students are told so (Contact Teacher is offered with a none reply)', async () => {
    const cls = await classWith(SYLLABUS);
    expect(
      (await put(cls.teacher, cls.id, 'extra_credit', { status: 'not_covered' })).statusCode,
    ).toBe(200);
    expect(await ask(cls.chat_uuid, 'is there any extra credit')).toMatchObject({
      response: CHECK_MESSAGES.notCovered,
      kind: 'none',
      checked_by_teacher: true,
    });
  });

  it('undo: back to unchecked, students get the material’s reply again', async () => {
    const cls = await classWith(SYLLABUS);
    await put(cls.teacher, cls.id, 'extra_credit', { status: 'not_covered' });
    const res = await put(cls.teacher, cls.id, 'extra_credit', { status: 'unchecked' });
    expect(res.json().data).toMatchObject({ status: 'unchecked', answer: null, checked_at: null });
    expect((await ask(cls.chat_uuid, 'is there any extra credit')).checked_by_teacher).toBe(false);
  });

  it('a reply the material does not give cannot be confirmed', async () => {
    const cls = await classWith(SYLLABUS);
    const none = (await list(cls.teacher, cls.id)).items.find((i) => i.reply.kind === 'none');
    expect(none).toBeDefined();
    const res = await put(cls.teacher, cls.id, none!.id, { status: 'confirmed' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(CHECK_MESSAGES.nothingToConfirm);
    expect(itemOf(await list(cls.teacher, cls.id), none!.id).status).toBe('unchecked');
  });
});

describe('questions of the teacher’s own', () => {
  it('are added, checked and matched like the standard ones', async () => {
    const cls = await classWith(SYLLABUS);
    const res = await add(cls.teacher, cls.id, 'Do we need goggles in the lab?');
    expect(res.statusCode).toBe(201);
    const item = res.json().data as AssistantCheckItem;
    expect(item).toMatchObject({ standard: false, status: 'unchecked' });
    const answer = 'Yes: bring your own goggles to every lab.';
    expect((await put(cls.teacher, cls.id, item.id, { status: 'edited', answer })).statusCode).toBe(
      200,
    );
    expect(await ask(cls.chat_uuid, 'do we need goggles for lab?')).toMatchObject({
      response: answer,
      checked_by_teacher: true,
    });
    const check = await list(cls.teacher, cls.id);
    expect(check.items.at(-1)).toMatchObject({ id: item.id, status: 'edited', answer });
    // the count is of the standard list
    expect(check.checked).toBe(0);
  });

  it('refuses a question already listed, a blank one, and more than the limit', async () => {
    const cls = await classWith(SYLLABUS);
    expect((await add(cls.teacher, cls.id, 'Is attendance required?')).statusCode).toBe(409);
    expect((await add(cls.teacher, cls.id, '  ')).statusCode).toBe(422);
    expect((await add(cls.teacher, cls.id, 'x'.repeat(1001))).statusCode).toBe(422);
    expect((await add(cls.teacher, cls.id, 'Is the lab report graded?')).statusCode).toBe(201);
    const again = await add(cls.teacher, cls.id, 'is the lab report graded');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(CHECK_MESSAGES.alreadyListed);
  });

  it('concurrent adds of one question make one', async () => {
    const cls = await classWith(SYLLABUS);
    const codes = (
      await Promise.all(
        Array.from({ length: 6 }, () => add(cls.teacher, cls.id, 'Are lab coats provided?')),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
  });

  it('concurrent checks of one standard question leave one row', async () => {
    const cls = await classWith(SYLLABUS);
    const codes = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        put(cls.teacher, cls.id, 'attendance', { status: 'edited', answer: `Answer ${i}` }),
      ),
    );
    expect(codes.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const rows = await t.db
      .selectFrom('assistant_checks')
      .select('id')
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('replacing the syllabus', () => {
  it('keeps the checks; a confirmed answer whose passage changed needs a new look', async () => {
    const cls = await classWith(SYLLABUS);
    await put(cls.teacher, cls.id, 'office_hours', { status: 'confirmed' });
    const confirmed = itemOf(await list(cls.teacher, cls.id), 'office_hours').answer;
    await put(cls.teacher, cls.id, 'final', { status: 'edited', answer: 'December 12.' });

    // the same passage in a new upload: still confirmed
    await addSyllabus(cls.teacher, cls.id, SYLLABUS);
    expect(itemOf(await list(cls.teacher, cls.id), 'office_hours').status).toBe('confirmed');

    await addSyllabus(cls.teacher, cls.id, CHANGED_OFFICE_HOURS);
    const check = await list(cls.teacher, cls.id);
    const office = itemOf(check, 'office_hours');
    expect(office).toMatchObject({ status: 'needs_review', answer: confirmed });
    expect(office.reply.response).toMatch(/Thursdays/);
    // the teacher's own words stand
    expect(itemOf(check, 'final').status).toBe('edited');
    expect(check.checked).toBe(1);
    // students get the new material, not the old answer
    const reply = await ask(cls.chat_uuid, 'what time are office hours');
    expect(reply.checked_by_teacher).toBe(false);
    expect(reply.response).not.toBe(confirmed);

    // confirmed again against the new syllabus
    await put(cls.teacher, cls.id, 'office_hours', { status: 'confirmed' });
    expect(itemOf(await list(cls.teacher, cls.id), 'office_hours').status).toBe('confirmed');
  });
});

describe('the class card and Analytics', () => {
  it('count checked answers, answers given from them, and unchecked questions students asked', async () => {
    const cls = await classWith(SYLLABUS);
    await put(cls.teacher, cls.id, 'final', { status: 'edited', answer: 'December 12.' });
    await ask(cls.chat_uuid, "when's the final");
    await ask(cls.chat_uuid, 'When are office hours?');
    await ask(cls.chat_uuid, 'when are the office hours');

    const classes = await t.app.inject({
      method: 'GET',
      url: '/api/classes',
      headers: cls.teacher.auth,
    });
    const card = (classes.json().data.classes as { id: string; assistant_check: unknown }[]).find(
      (c) => c.id === cls.id,
    )!;
    expect(card.assistant_check).toEqual({
      checked: 1,
      total: STANDARD_QUESTIONS.length,
      needs_review: 0,
      asked_unchecked: 1,
    });

    const analytics = await t.app.inject({
      method: 'GET',
      url: `/api/chat/analytics/${cls.id}`,
      headers: cls.teacher.auth,
    });
    expect(analytics.json().data.assistant_check).toEqual({
      answered_from_checks: 1,
      asked_unchecked: [{ id: 'office_hours', question: 'When are the office hours?', count: 2 }],
    });
  });
});

describe('only the class’s teacher', () => {
  it('401 without a token on every route', async () => {
    const cls = await classWith(SYLLABUS);
    for (const [method, url] of [
      ['GET', `/api/classes/${cls.id}/assistant-check`],
      ['PUT', `/api/classes/${cls.id}/assistant-check/final`],
      ['POST', `/api/classes/${cls.id}/assistant-check`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: { status: 'not_covered', question: 'Q?' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('another teacher gets 404 on every route; unknown items are 404, bad input 422', async () => {
    const cls = await classWith(SYLLABUS);
    const other = await subscribedTeacher(t.app);
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/classes/${cls.id}/assistant-check`,
      headers: other.auth,
    });
    expect(get.statusCode).toBe(404);
    expect((await put(other, cls.id, 'final', { status: 'not_covered' })).statusCode).toBe(404);
    expect((await add(other, cls.id, 'Is there a lab?')).statusCode).toBe(404);
    const rows = await t.db
      .selectFrom('assistant_checks')
      .select('id')
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows).toHaveLength(0);

    expect(
      (await put(cls.teacher, cls.id, 'no_such_key', { status: 'not_covered' })).statusCode,
    ).toBe(404);
    expect(
      (
        await put(cls.teacher, cls.id, '00000000-0000-4000-8000-000000000000', {
          status: 'not_covered',
        })
      ).statusCode,
    ).toBe(404);
    const bad = await put(cls.teacher, cls.id, 'final', { status: 'needs_review' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ success: false });
    expect(
      (await put(cls.teacher, cls.id, 'final', { status: 'edited', answer: 'x'.repeat(2001) }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/classes/not-a-uuid/assistant-check',
          headers: cls.teacher.auth,
        })
      ).statusCode,
    ).toBe(422);
  });
});
