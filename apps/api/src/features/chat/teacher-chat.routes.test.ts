import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEST_QUESTIONS } from '@app/contracts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Instructor
Dr. Maria Lopez. Email: mlopez@state.edu.

## Grading
The final exam is worth 40% of the grade and the midterm 30%.

## Late policy
Late homework loses 10% per day.

## Textbook
Campbell Biology, 12th edition, is required.`;

const MATERIAL_DEFAULTS = [
  'How can I contact the instructor?',
  'How is the final grade calculated?',
  'What is the late work policy?',
];

type Auth = Record<string, string>;
let t: TestApp;
let owner: Auth;
let stranger: Auth;
let classId: string;
let share: string;

async function addContent(auth: Auth, id: string, content: string, contentType = 'syllabus') {
  const res = await t.app.inject({
    method: 'POST',
    url: contentType === 'syllabus' ? '/api/content/syllabus' : '/api/content',
    headers: auth,
    payload: {
      class_id: id,
      title: contentType === 'syllabus' ? 'Syllabus' : 'Notes',
      content,
      ...(contentType === 'syllabus' ? {} : { content_type: contentType }),
    },
  });
  if (res.statusCode !== 201) throw new Error(`content failed: ${res.statusCode} ${res.body}`);
}

/** A class of a new teacher (a teacher has 3 classes per season). */
async function freshClass() {
  const auth = (await subscribedTeacher(t.app)).auth;
  return { auth, ...(await createClass(t.app, auth)) };
}

const getQuestions = (id: string, auth: Auth = owner) =>
  t.app.inject({ method: 'GET', url: `/api/chat/sample-questions/${id}`, headers: auth });
const saveQuestions = (payload: Record<string, unknown>, auth: Auth = owner) =>
  t.app.inject({ method: 'POST', url: '/api/chat/sample-questions', headers: auth, payload });
const testQuestion = (id: string, question: unknown, auth: Auth = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/test/${id}`,
    headers: auth,
    payload: { question },
  });
const dataOf = <T = { questions: string[]; source: string }>(res: { json(): unknown }) =>
  (res.json() as { data: T }).data;
const sessionQuestions = async (chatUuid: string) =>
  dataOf<{ sample_questions: string[] }>(
    await t.app.inject({ method: 'GET', url: `/api/chat/session/${chatUuid}` }),
  ).sample_questions;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await subscribedTeacher(t.app)).auth;
  stranger = (await subscribedTeacher(t.app)).auth;
  const cls = await createClass(t.app, owner);
  classId = cls.id;
  share = cls.chat_uuid;
  await addContent(owner, classId, SYLLABUS);
});
afterAll(async () => t.close());

describe('sample questions', () => {
  it('needs a token', async () => {
    expect((await getQuestions(classId, {})).statusCode).toBe(401);
    expect((await saveQuestions({ class_id: classId, questions: ['Hi?'] }, {})).statusCode).toBe(
      401,
    );
  });

  it("answers 404 for another teacher's class and leaves it unchanged", async () => {
    const read = await getQuestions(classId, stranger);
    expect(read.statusCode).toBe(404);
    expect(body(read)).toMatchObject({ code: 'NOT_FOUND' });
    const write = await saveQuestions({ class_id: classId, questions: ['Hijacked?'] }, stranger);
    expect(write.statusCode).toBe(404);
    expect(dataOf(await getQuestions(classId)).source).toBe('material');
    expect((await getQuestions('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getQuestions('nope')).statusCode).toBe(422);
  });

  it("draws defaults from the material's headings, syllabus first", async () => {
    const res = await getQuestions(classId);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({ questions: MATERIAL_DEFAULTS, source: 'material' });
    expect(await sessionQuestions(share)).toEqual(MATERIAL_DEFAULTS);

    // Additional material added before the syllabus still comes after it.
    const cls = await freshClass();
    await addContent(cls.auth, cls.id, '## Attendance\nAttendance is taken.', 'additional');
    await addContent(cls.auth, cls.id, '## Grading\nThe final exam is worth 40%.');
    expect(dataOf(await getQuestions(cls.id, cls.auth))).toEqual({
      questions: ['How is the final grade calculated?', 'What is the attendance policy?'],
      source: 'material',
    });
  });

  it('gives generic questions for material without known headings, and none without material', async () => {
    const empty = await createClass(t.app, owner); // the owner's second class
    expect(dataOf(await getQuestions(empty.id))).toEqual({ questions: [], source: 'material' });
    expect(await sessionQuestions(empty.chat_uuid)).toEqual([]);
    await addContent(owner, empty.id, 'Welcome to the course. We meet on Mondays in Hall 3.');
    expect(dataOf(await getQuestions(empty.id))).toEqual({
      questions: [...DEFAULT_TEST_QUESTIONS],
      source: 'material',
    });
  });

  it("saves the teacher's questions trimmed and de-duplicated; an empty list goes back to the defaults", async () => {
    const cls = await freshClass();
    await addContent(cls.auth, cls.id, SYLLABUS);
    const saved = await saveQuestions(
      {
        class_id: cls.id,
        questions: ['  When is the midterm? ', 'WHEN is the midterm?', 'Is there a curve?'],
      },
      cls.auth,
    );
    expect(saved.statusCode).toBe(200);
    const teacherSet = {
      questions: ['When is the midterm?', 'Is there a curve?'],
      source: 'teacher',
    };
    expect(dataOf(saved)).toEqual(teacherSet);
    expect(dataOf(await getQuestions(cls.id, cls.auth))).toEqual(teacherSet);
    expect(await sessionQuestions(cls.chat_uuid)).toEqual(teacherSet.questions);
    const row = await t.db
      .selectFrom('classes')
      .select('sample_questions')
      .where('id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(row.sample_questions).toEqual(teacherSet.questions);

    const cleared = await saveQuestions({ class_id: cls.id, questions: [] }, cls.auth);
    expect(dataOf(cleared)).toEqual({ questions: MATERIAL_DEFAULTS, source: 'material' });
    expect(await sessionQuestions(cls.chat_uuid)).toEqual(MATERIAL_DEFAULTS);
  });

  it('refuses more than three, blank or over-long questions with 422 and keeps what was saved', async () => {
    const cls = await createClass(t.app, owner); // the owner's third class
    await saveQuestions({ class_id: cls.id, questions: ['Kept?'] });
    for (const questions of [
      ['One?', 'Two?', 'Three?', 'Four?'],
      ['Fine?', '   '],
      ['x'.repeat(201)],
      'not a list',
    ]) {
      const res = await saveQuestions({ class_id: cls.id, questions });
      expect(res.statusCode, JSON.stringify(questions)).toBe(422);
      expect(body(res)).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await saveQuestions({ class_id: 'nope', questions: [] })).statusCode).toBe(422);
    expect((await saveQuestions({ questions: [] })).statusCode).toBe(422);
    expect(
      dataOf(await saveQuestions({ class_id: cls.id, questions: ['y'.repeat(200)] })),
    ).toMatchObject({ source: 'teacher' });
    expect(dataOf(await getQuestions(cls.id)).questions).toEqual(['y'.repeat(200)]);
  });
});

describe('POST /api/chat/test/:class_id', () => {
  const conversationCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('conversations')
          .select((e) => e.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('needs a token and answers 404 for another teacher', async () => {
    expect((await testQuestion(classId, 'When is the final?', {})).statusCode).toBe(401);
    const res = await testQuestion(classId, 'When is the final?', stranger);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await testQuestion('nope', 'When is the final?')).statusCode).toBe(422);
  });

  it('refuses blank and over-long questions with 422', async () => {
    expect((await testQuestion(classId, '   ')).statusCode).toBe(422);
    expect((await testQuestion(classId, 'x'.repeat(1001))).statusCode).toBe(422);
    expect((await testQuestion(classId, undefined)).statusCode).toBe(422);
  });

  it('answers from the material with citations and stores no conversation', async () => {
    const before = await conversationCount();
    const res = await testQuestion(classId, 'how much is the final worth?');
    expect(res.statusCode).toBe(200);
    const data = dataOf<Record<string, unknown>>(res);
    expect(Object.keys(data).sort()).toEqual([
      'checked_by_teacher',
      'citations',
      'confidence',
      'kind',
      'response',
      'source_type',
    ]);
    expect(data.response).toContain('40%');
    expect(data.source_type).toBe('syllabus');
    expect((data.citations as unknown[])[0]).toMatchObject({
      title: 'Syllabus',
      content_type: 'syllabus',
    });
    expect(await conversationCount()).toBe(before);
  });

  it('works for an inactive class (the wizard tests a class being built)', async () => {
    const cls = await freshClass();
    await addContent(cls.auth, cls.id, SYLLABUS);
    const deactivated = await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls.id}`,
      headers: cls.auth,
      payload: { is_active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    const res = await testQuestion(cls.id, 'which textbook do we need', cls.auth);
    expect(res.statusCode).toBe(200);
    expect(dataOf<{ response: string }>(res).response).toContain('Campbell Biology');
  });

  it('limits a teacher to 60 test questions a minute', async () => {
    const teacher = (await subscribedTeacher(t.app)).auth;
    const cls = await createClass(t.app, teacher);
    for (let i = 0; i < 60; i++)
      expect((await testQuestion(cls.id, 'When is the final?', teacher)).statusCode).toBe(200);
    const limited = await testQuestion(cls.id, 'When is the final?', teacher);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(limited).detail).toMatch(/too quickly/);
    // another teacher is not affected
    expect((await testQuestion(classId, 'When is the final?')).statusCode).toBe(200);
  });
});
