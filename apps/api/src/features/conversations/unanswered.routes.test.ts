import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_ANSWER_MESSAGES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
The final exam is worth 40% of the grade and the midterm 30%.

## Late policy
Late homework loses 10% per day and is not accepted after three days.`;

let t: TestApp;
let owner: { auth: Record<string, string> };
let stranger: { auth: Record<string, string> };
let classId: string;
let share: string;
let strangerClassId: string;
let strangerShare: string;

let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;

type Reply = { id: string; source_type: string; response: string; citations: { title: string }[] };
async function ask(question: string, chatUuid = share): Promise<Reply> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    payload: { question },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`ask failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Reply;
}

async function withSyllabus(auth: Record<string, string>, id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: auth,
    payload: { class_id: id, title: 'Syllabus', content: SYLLABUS },
  });
  expect(res.statusCode).toBe(201);
}

type Groups = {
  groups: { question: string; count: number; variants: string[]; conversation_ids: string[] }[];
  total: number;
};
const unanswered = async (id = classId, auth = owner.auth) =>
  t.app.inject({ method: 'GET', url: `/api/chat/unanswered/${id}`, headers: auth });
const answer = (payload: Record<string, unknown>, id = classId, auth = owner.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/unanswered/${id}/answer`,
    headers: auth,
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await subscribedTeacher(t.app);
  stranger = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, owner.auth);
  classId = cls.id;
  share = cls.chat_uuid;
  await withSyllabus(owner.auth, classId);
  const other = await createClass(t.app, stranger.auth);
  strangerClassId = other.id;
  strangerShare = other.chat_uuid;
  await withSyllabus(stranger.auth, strangerClassId);
});
afterAll(() => t.close());

describe('GET /api/chat/unanswered/:class_id', () => {
  it('401 without a token, 404 for another teacher, 422 for a bad id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/chat/unanswered/${classId}` });
    expect(res.statusCode).toBe(401);
    expect((await unanswered(strangerClassId)).statusCode).toBe(404);
    expect((await unanswered('x')).statusCode).toBe(422);
  });

  it('is empty while every question was answered from the material', async () => {
    await ask('How much is the final exam worth?');
    const res = await unanswered();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ groups: [], total: 0 });
  });
});

describe('answering an unanswered question once', () => {
  it('groups the same question in other words, then answers the next student from the teacher', async () => {
    const first = await ask('Is there a field trip to the aquarium?');
    expect(first.source_type).toBe('other');
    await ask('is there a field trip to the aquarium');
    await ask('Will the class have an aquarium field trip?');
    await ask('Can I bring my dog to the lab?');
    const before = (await unanswered()).json().data as Groups;
    expect(before.total).toBe(4);
    const trip = before.groups[0]!;
    expect(trip.count).toBe(3);
    expect(trip.question).toBe('Will the class have an aquarium field trip?');
    expect(trip.variants).toEqual(['is there a field trip to the aquarium']);
    expect(before.groups[1]).toMatchObject({
      question: 'Can I bring my dog to the lab?',
      count: 1,
    });

    const res = await answer({
      question: 'Is there a field trip to the aquarium?',
      answer: 'Yes. We visit the city aquarium on Friday, November 13; the bus leaves at 9 am.',
      conversation_ids: trip.conversation_ids,
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json().data;
    expect(saved.resolved).toBe(3);
    expect(saved.content).toMatchObject({
      class_id: classId,
      title: 'Is there a field trip to the aquarium?',
      content_type: 'other',
    });

    const after = (await unanswered()).json().data as Groups;
    expect(after.total).toBe(1);
    expect(after.groups.map((g) => g.question)).toEqual(['Can I bring my dog to the lab?']);

    const next = await ask('Is there a field trip to the aquarium?');
    expect(next.source_type).toBe('content');
    expect(next.response).toMatch(/Friday, November 13/);
    expect(next.citations[0]).toMatchObject({ title: 'Is there a field trip to the aquarium?' });
  });

  it('deleting the answer reopens the questions it closed', async () => {
    await ask('Do we need safety goggles for the microscope session?');
    const open = (await unanswered()).json().data as Groups;
    const goggles = open.groups.find((g) => /goggles/.test(g.question))!;
    const saved = (
      await answer({
        question: goggles.question,
        answer: 'Goggles are provided at the door.',
        conversation_ids: goggles.conversation_ids,
      })
    ).json().data;
    expect(
      (await unanswered())
        .json()
        .data.groups.some((g: { question: string }) => /goggles/.test(g.question)),
    ).toBe(false);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/content/${saved.content.id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBeLessThan(300);
    const reopened = (await unanswered()).json().data as Groups;
    expect(reopened.groups.some((g) => /goggles/.test(g.question))).toBe(true);
  });

  it("never closes another class's conversations", async () => {
    const theirs = await ask('Is there a field trip to the zoo?', strangerShare);
    const res = await answer({
      question: 'Zoo trip?',
      answer: 'No zoo trip.',
      conversation_ids: [theirs.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.resolved).toBe(0);
    const stillOpen = (await unanswered(strangerClassId, stranger.auth)).json().data as Groups;
    expect(stillOpen.groups.map((g) => g.conversation_ids).flat()).toContain(theirs.id);
  });

  it("404 for another teacher's class, and nothing is saved", async () => {
    const res = await answer(
      { question: 'Sneaky?', answer: 'Sneaky answer.', conversation_ids: [] },
      strangerClassId,
    );
    expect(res.statusCode).toBe(404);
    const items = await t.db
      .selectFrom('contents')
      .select('title')
      .where('title', '=', 'Sneaky?')
      .execute();
    expect(items).toEqual([]);
  });

  it('401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/unanswered/${classId}/answer`,
      payload: { question: 'q', answer: 'a', conversation_ids: [] },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      'a blank answer',
      { question: 'Q?', answer: '   ', conversation_ids: [] },
      TEACHER_ANSWER_MESSAGES.answerBlank,
    ],
    [
      'a blank question',
      { question: ' ', answer: 'A.', conversation_ids: [] },
      TEACHER_ANSWER_MESSAGES.questionBlank,
    ],
    [
      'an answer over 10,000 characters',
      { question: 'Q?', answer: 'a'.repeat(10_001), conversation_ids: [] },
      TEACHER_ANSWER_MESSAGES.answerTooLong,
    ],
    [
      'a conversation id that is not a uuid',
      { question: 'Q?', answer: 'A.', conversation_ids: ['7'] },
      'Conversation not found',
    ],
    ['no conversation list', { question: 'Q?', answer: 'A.' }, undefined],
  ])('422 for %s', async (_name, payload, message) => {
    const res = await answer(payload);
    expect(res.statusCode).toBe(422);
    if (message) {
      expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain(message);
    }
  });

  it('a question longer than a title is cut to 255 characters', async () => {
    const res = await answer({
      question: 'Why '.repeat(100),
      answer: 'Because.',
      conversation_ids: [],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content.title.length).toBeLessThanOrEqual(255);
  });
});
