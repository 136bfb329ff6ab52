import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { askAsStudent, createClass, subscribedTeacher } from '../../../test/factories.ts';

/**
 * Issue 31, item 6: a question the teacher answered leaves the Unanswered tab however it was
 * answered (a correction, Check your assistant), and one not about the course can be dismissed.
 */
const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
The final exam is worth 40% of the grade and the midterm 30%.`;

type Auth = Record<string, string>;
type Groups = {
  groups: { question: string; count: number; conversation_ids: string[] }[];
  total: number;
};

let t: TestApp;
let owner: Auth;
let stranger: Auth;

async function classWithSyllabus(auth: Auth) {
  const cls = await createClass(t.app, auth);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: auth,
    payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
  });
  expect(res.statusCode).toBe(201);
  return cls;
}

const ask = (chatUuid: string, question: string) => askAsStudent(t.app, chatUuid, question);

async function unanswered(classId: string, auth = owner): Promise<Groups> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/chat/unanswered/${classId}`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const post = (url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const dismiss = (classId: string, ids: unknown, auth: Auth = owner) =>
  post(`/api/chat/unanswered/${classId}/dismiss`, auth, { conversation_ids: ids });
const restore = (classId: string, ids: unknown, auth: Auth = owner) =>
  post(`/api/chat/unanswered/${classId}/restore`, auth, { conversation_ids: ids });

beforeAll(async () => {
  t = await createTestApp();
  stranger = (await subscribedTeacher(t.app)).auth;
});
// each test its own teacher: a teacher's classes are limited
beforeEach(async () => {
  owner = (await subscribedTeacher(t.app)).auth;
});
afterAll(() => t.close());

describe('dismissing a question not about the course', () => {
  it('takes it off the list and out of the count; undo puts it back; a repeat changes nothing', async () => {
    const cls = await classWithSyllabus(owner);
    const pizza = await ask(cls.chat_uuid, 'Where is the best pizza in town?');
    const trip = await ask(cls.chat_uuid, 'Is there a field trip to the aquarium?');
    expect(pizza.source_type).toBe('other');
    expect((await unanswered(cls.id)).total).toBe(2);

    const res = await dismiss(cls.id, [pizza.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { changed: 1 } });
    const after = await unanswered(cls.id);
    expect(after.total).toBe(1);
    expect(after.groups.flatMap((g) => g.conversation_ids)).toEqual([trip.id]);
    expect((await dismiss(cls.id, [pizza.id])).json().data).toEqual({ changed: 0 });

    expect((await restore(cls.id, [pizza.id])).json().data).toEqual({ changed: 1 });
    expect((await unanswered(cls.id)).total).toBe(2);
    expect((await restore(cls.id, [pizza.id])).json().data).toEqual({ changed: 0 });
    // a question still open is not "restored"
    expect((await restore(cls.id, [trip.id])).json().data).toEqual({ changed: 0 });
  });

  it('dismisses each conversation once when two requests come at the same time', async () => {
    const cls = await classWithSyllabus(owner);
    const ids: string[] = [];
    for (const q of ['Best pizza in town?', 'best pizza in town', 'Who won the game last night?'])
      ids.push((await ask(cls.chat_uuid, q)).id);
    const [a, b] = await Promise.all([dismiss(cls.id, ids), dismiss(cls.id, ids)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.changed + b.json().data.changed).toBe(3);
    expect(await unanswered(cls.id)).toEqual({ groups: [], total: 0 });
  });

  it("leaves another class's conversations alone, and another teacher's class is a 404", async () => {
    const mine = await classWithSyllabus(owner);
    const theirs = await classWithSyllabus(stranger);
    const their = await ask(theirs.chat_uuid, 'Best pizza in town?');

    expect((await dismiss(mine.id, [their.id])).json().data).toEqual({ changed: 0 });
    const notFound = await dismiss(theirs.id, [their.id]);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await restore(theirs.id, [their.id])).statusCode).toBe(404);
    expect((await unanswered(theirs.id, stranger)).total).toBe(1);
  });

  it('401 without a token; 422 for an empty list, an id that is not a uuid or no body', async () => {
    const cls = await createClass(t.app, owner);
    const id = '3f6c1c52-7d0e-4b4a-9a53-0e2f7c1d9b10';
    expect((await dismiss(cls.id, [id], {})).statusCode).toBe(401);
    expect((await restore(cls.id, [id], {})).statusCode).toBe(401);
    for (const [ids, msg] of [
      [[], 'Choose the questions to dismiss.'],
      [['7'], 'Conversation not found'],
      ['all', undefined],
    ] as const) {
      for (const send of [dismiss, restore]) {
        const res = await send(cls.id, ids);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        if (msg) expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain(msg);
      }
    }
    const noBody = await post(`/api/chat/unanswered/${cls.id}/dismiss`, owner);
    expect(noBody.statusCode).toBe(422);
    expect((await dismiss('x', [id])).statusCode).toBe(422);
  });
});

describe('answered by the teacher, however', () => {
  it('a correction closes the open questions asking the same, in other words too', async () => {
    const cls = await classWithSyllabus(owner);
    const first = await ask(cls.chat_uuid, 'Is there a field trip to the aquarium?');
    await ask(cls.chat_uuid, 'is there a field trip to the aquarium');
    const dog = await ask(cls.chat_uuid, 'Can I bring my dog to the lab?');
    expect((await unanswered(cls.id)).total).toBe(3);

    const res = await post(`/api/chat/conversation/${first.id}/correct`, owner, {
      answer: 'Yes, on Friday, November 13.',
    });
    expect(res.statusCode).toBe(201);
    const after = await unanswered(cls.id);
    expect(after.total).toBe(1);
    expect(after.groups.flatMap((g) => g.conversation_ids)).toEqual([dog.id]);
  });

  it('checking the question it matched (own words or not covered) answers it', async () => {
    const cls = await classWithSyllabus(owner);
    const matched = async (question: string, checkKey: string) =>
      (
        await t.db
          .insertInto('conversations')
          .values({
            class_id: cls.id,
            question,
            response: 'Not covered.',
            source_type: 'other',
            kind: 'none',
            check_key: checkKey,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await matched('When are office hours?', 'office_hours');
    await matched('How do I reach the instructor?', 'contact');
    expect((await unanswered(cls.id)).total).toBe(2);

    const check = (key: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/classes/${cls.id}/assistant-check/${key}`,
        headers: owner,
        payload,
      });
    expect((await check('office_hours', { status: 'not_covered' })).statusCode).toBe(200);
    expect((await unanswered(cls.id)).groups.map((g) => g.question)).toEqual([
      'How do I reach the instructor?',
    ]);
    const edited = await check('contact', { status: 'edited', answer: 'E-mail me.' });
    expect(edited.statusCode).toBe(200);
    expect(await unanswered(cls.id)).toEqual({ groups: [], total: 0 });
  });
});
