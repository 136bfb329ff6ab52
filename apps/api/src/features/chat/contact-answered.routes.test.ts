import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  askAsStudent,
  createClass,
  studentAddress,
  subscribedTeacher,
} from '../../../test/factories.ts';

/**
 * Issue 31, item 6: a contact request and the Unanswered tab say the same. A request whose
 * question the teacher answered (in Unanswered, by a correction) is answered, not pending; a
 * reply e-mailed to a request answers the open questions asking the same.
 */
const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
The final exam is worth 40% of the grade and the midterm 30%.`;

type Auth = Record<string, string>;
type Request = { id: string; answered: boolean; teacher_responded_at: string | null };
type RequestList = { requests: Request[]; unanswered: number };

let t: TestApp;
let owner: Auth;
let stranger: Auth;
let cls: { id: string; chat_uuid: string };

const ask = (question: string) => askAsStudent(t.app, cls.chat_uuid, question);

async function contact(conversationId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/contact/${cls.chat_uuid}`,
    payload: {
      conversation_id: conversationId,
      student_email: 'ana@student.test',
      request_reason: 'Please tell me before Friday.',
    },
    remoteAddress: studentAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const post = (url: string, payload: object, auth = owner) =>
  t.app.inject({ method: 'POST', url, headers: auth, payload });

async function requests(status = 'all'): Promise<RequestList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/chat/email-requests?class_id=${cls.id}&status=${status}`,
    headers: owner,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function openIds(): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/chat/unanswered/${cls.id}`,
    headers: owner,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data.groups as { conversation_ids: string[] }[]).flatMap(
    (g) => g.conversation_ids,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  stranger = (await subscribedTeacher(t.app)).auth;
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = (await subscribedTeacher(t.app)).auth;
  cls = await createClass(t.app, owner);
  const res = await post('/api/content/syllabus', {
    class_id: cls.id,
    title: 'Syllabus',
    content: SYLLABUS,
  });
  expect(res.statusCode).toBe(201);
});

describe("a contact request's question answered elsewhere", () => {
  it('answered in Unanswered: the request is answered, not pending, and not counted', async () => {
    const trip = await ask('Is there a field trip to the aquarium?');
    const requestId = await contact(trip.id);
    expect(await requests()).toMatchObject({
      requests: [{ id: requestId, answered: false, teacher_responded_at: null }],
      unanswered: 1,
    });

    const res = await post(`/api/chat/unanswered/${cls.id}/answer`, {
      question: 'Is there a field trip to the aquarium?',
      answer: 'Yes, on Friday, November 13.',
      conversation_ids: [trip.id],
    });
    expect(res.statusCode).toBe(201);
    expect(await requests()).toMatchObject({
      requests: [{ id: requestId, answered: true, teacher_responded_at: null }],
      unanswered: 0,
    });
    expect((await requests('pending')).requests).toEqual([]);
    expect((await requests('responded')).requests.map((r) => r.id)).toEqual([requestId]);
    // the header's bell, across every class
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/chat/email-requests',
      headers: owner,
    });
    expect(all.json().data.unanswered).toBe(0);
  });

  it('a correction of the answer: the request is answered', async () => {
    const late = await ask('Can I hand in the lab report a day late?');
    const requestId = await contact(late.id);
    const res = await post(`/api/chat/conversation/${late.id}/correct`, {
      answer: 'Yes, with 10% off.',
    });
    expect(res.statusCode).toBe(201);
    expect((await requests()).requests).toMatchObject([{ id: requestId, answered: true }]);
    expect((await requests()).unanswered).toBe(0);
  });

  it('a dismissed question is still a request to answer: the student asked for the teacher', async () => {
    const pizza = await ask('Where is the best pizza in town?');
    await contact(pizza.id);
    expect(
      (await post(`/api/chat/unanswered/${cls.id}/dismiss`, { conversation_ids: [pizza.id] }))
        .statusCode,
    ).toBe(200);
    expect((await requests()).requests).toMatchObject([{ answered: false }]);
    expect((await requests()).unanswered).toBe(1);
  });
});

describe('a reply e-mailed to a contact request', () => {
  it('answers its question on the Unanswered tab, and the open ones asking the same', async () => {
    const trip = await ask('Is there a field trip to the aquarium?');
    const again = await ask('is there a field trip to the aquarium');
    const dog = await ask('Can I bring my dog to the lab?');
    const requestId = await contact(trip.id);
    expect((await openIds()).sort()).toEqual([trip.id, again.id, dog.id].sort());

    const res = await post(`/api/chat/email-requests/${requestId}/reply`, {
      message: 'Yes, on Friday, November 13.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: requestId, answered: true });
    expect(await openIds()).toEqual([dog.id]);
  });

  it('answers only the questions asked before it: a later student was not answered', async () => {
    const trip = await ask('Is there a field trip to the aquarium?');
    const requestId = await contact(trip.id);
    const later = await t.db
      .insertInto('conversations')
      .values({
        class_id: cls.id,
        question: 'Is there a field trip to the aquarium?',
        response: 'Not covered.',
        source_type: 'other',
        kind: 'none',
        created_at: new Date(Date.now() + 60 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await post(`/api/chat/email-requests/${requestId}/reply`, { message: 'Yes.' });
    expect(res.statusCode).toBe(200);
    expect(await openIds()).toEqual([later.id]);
  });

  it("another teacher's request is a 404 and closes nothing", async () => {
    const trip = await ask('Is there a field trip to the aquarium?');
    const requestId = await contact(trip.id);
    const res = await post(
      `/api/chat/email-requests/${requestId}/reply`,
      { message: 'Not mine.' },
      stranger,
    );
    expect(res.statusCode).toBe(404);
    expect(await openIds()).toEqual([trip.id]);
  });
});
