import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';

const SYLLABUS = `# CHEM 201: Organic Chemistry

## Grading
Homework 20%, two midterms 25% each, final exam 30%.

## Labs
Bring goggles and a lab notebook to every lab session.`;

let t: TestApp;
let share: string;
let classId: string;
let otherShare: string;
let ip = 0;

async function classWithSyllabus() {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth);
  await t.app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: teacher.auth,
    payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
  });
  return { ...cls, auth: teacher.auth };
}

beforeAll(async () => {
  t = await createTestApp();
  const cls = await classWithSyllabus();
  share = cls.chat_uuid;
  classId = cls.id;
  otherShare = (await classWithSyllabus()).chat_uuid;
});
afterAll(async () => t?.close());

async function ask(chatUuid: string, question: string) {
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    remoteAddress: `203.0.113.${ip}`,
    payload: { question },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; response: string };
}

const rate = (id: string, chatUuid: string, rating: unknown, address = '198.51.100.9') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/chat/feedback/${id}`,
    remoteAddress: address,
    payload: { chat_uuid: chatUuid, rating },
  });

const stored = (id: string) =>
  t.db
    .selectFrom('conversations')
    .select(['feedback', 'feedback_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('PUT /api/chat/feedback/{conversation_id}', () => {
  it('records a rating on the conversation; it can be changed and taken back', async () => {
    const { id } = await ask(share, 'How much is the final exam worth?');
    const res = await rate(id, share, 'not_helpful');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id, rating: 'not_helpful' } });
    expect(await stored(id)).toMatchObject({ feedback: 'not_helpful' });
    expect((await rate(id, share, 'helpful')).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ feedback: 'helpful' });
    expect((await rate(id, share, null)).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ feedback: null, feedback_at: null });
  });

  it("rates only a conversation of the link's class, with a valid rating", async () => {
    const { id } = await ask(share, 'What do I bring to the labs?');
    expect((await rate(id, otherShare, 'helpful')).statusCode).toBe(404);
    expect((await rate('00000000-0000-4000-8000-000000000000', share, 'helpful')).statusCode).toBe(
      404,
    );
    expect((await rate(id, share, 'great')).statusCode).toBe(422);
    expect((await rate('not-an-id', share, 'helpful')).statusCode).toBe(422);
    expect(await stored(id)).toMatchObject({ feedback: null });
  });

  it('is rate-limited per address with 429 and Retry-After', async () => {
    const { id } = await ask(share, 'How are the midterms weighted?');
    let limited;
    for (let i = 0; i < 500 && !limited; i++) {
      const res = await rate(id, share, i % 2 ? 'helpful' : 'not_helpful', '198.51.100.200');
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    // another address is not held back
    expect((await rate(id, share, 'helpful', '198.51.100.201')).statusCode).toBe(200);
  });
});

describe("a teacher's answer to a question is given to the next student asking it", () => {
  it('answers the same question (in other words) from class_answers, citing its item', async () => {
    const item = await t.db
      .insertInto('contents')
      .values({
        class_id: classId,
        title: 'Is the final exam open book?',
        content: '# Is the final exam open book?\n\nNo. You may bring one page of notes.',
        content_type: 'other',
        display_order: 9,
        word_count: 12,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('class_answers')
      .values({
        content_id: item.id,
        class_id: classId,
        question_key: await questionKey('Is the final exam open book?'),
        answer: 'No. You may bring one page of notes.',
      })
      .execute();
    const reply = await ask(share, 'is the FINAL EXAM open book??');
    expect(reply).toMatchObject({
      response: 'No. You may bring one page of notes.',
      source_type: 'content',
      confidence: 1,
      citations: [{ content_id: item.id, title: 'Is the final exam open book?' }],
    });
    // another question is answered from the material as before
    expect((await ask(share, 'How much is homework worth?')).response).toContain('20%');
  });
});

async function questionKey(question: string): Promise<string> {
  const { rows } = await sql<{
    key: string;
  }>`SELECT question_group_key(${question}) AS key`.execute(t.db);
  return rows[0]!.key;
}

describe('PUT /api/trial/feedback', () => {
  it("rates the session's answers, at most one rating per question asked", async () => {
    const session = (await t.app.inject({ method: 'POST', url: '/api/trial/session' })).json().data;
    const boundary = '----trial';
    await t.app.inject({
      method: 'POST',
      url: '/api/trial/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${session.session_id}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.txt"\r\nContent-Type: text/plain\r\n\r\n${SYLLABUS}\r\n`,
        `--${boundary}--\r\n`,
      ].join(''),
    });
    const rateTrial = (replyId: string, rating: unknown, sessionId = session.session_id) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/trial/feedback',
        payload: { session_id: sessionId, reply_id: replyId, rating },
      });
    const reply = (
      await t.app.inject({
        method: 'POST',
        url: '/api/trial/chat',
        payload: { session_id: session.session_id, question: 'How much is the final worth?' },
      })
    ).json().data;
    expect((await rateTrial(reply.id, 'helpful')).json().data).toEqual({
      id: reply.id,
      rating: 'helpful',
    });
    expect((await rateTrial(reply.id, 'not_helpful')).statusCode).toBe(200);
    expect((await rateTrial(reply.id, 'great')).statusCode).toBe(422);
    expect((await rateTrial('not-an-id', 'helpful')).statusCode).toBe(422);
    // one question asked: a second answer id cannot be rated
    const another = await rateTrial('00000000-0000-4000-8000-000000000001', 'helpful');
    expect(another.statusCode).toBe(409);
    const row = await t.db
      .selectFrom('trial_sessions')
      .select('feedback')
      .where('id', '=', session.session_id)
      .executeTakeFirstOrThrow();
    expect(row.feedback).toEqual({ [reply.id]: 'not_helpful' });
    expect((await rateTrial(reply.id, null)).statusCode).toBe(200);
    expect(
      (await rateTrial(reply.id, 'helpful', '00000000-0000-4000-8000-000000000002')).statusCode,
    ).toBe(404);
  });
});

describe("the teacher's side: which answers were wrong, and correcting them", () => {
  it('filters not helpful and not covered answers, counts them in analytics, and a correction answers the next student', async () => {
    const cls = await classWithSyllabus();
    const wrong = await ask(cls.chat_uuid, 'Do I need a calculator for the exams?');
    const right = await ask(cls.chat_uuid, 'How much is homework worth?');
    expect((await rate(wrong.id, cls.chat_uuid, 'not_helpful')).statusCode).toBe(200);
    expect((await rate(right.id, cls.chat_uuid, 'helpful')).statusCode).toBe(200);
    const list = async (filter: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/chat/conversations/${cls.id}?filter=${filter}`,
          headers: cls.auth,
        })
      ).json() as {
        data: { id: string; feedback: string | null; corrected: boolean }[];
        total: number;
      };
    const notHelpful = await list('not_helpful');
    expect(notHelpful.data.map((c) => c.id)).toEqual([wrong.id]);
    expect(notHelpful.total).toBe(1);
    const all = await list('all');
    expect(all.data.find((c) => c.id === right.id)).toMatchObject({ feedback: 'helpful' });
    const notCovered = await list('not_covered');
    for (const c of notCovered.data) expect(c.id).not.toBe(right.id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/chat/conversations/${cls.id}?filter=wrong`,
          headers: cls.auth,
        })
      ).statusCode,
    ).toBe(422);
    const analytics = (
      await t.app.inject({
        method: 'GET',
        url: `/api/chat/analytics/${cls.id}?days=7&tz=UTC`,
        headers: cls.auth,
      })
    ).json().data;
    expect(analytics.totals).toMatchObject({ questions: 2, not_helpful: 1 });

    // without a token, or for another teacher, there is nothing to correct
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversation/${wrong.id}/correct`,
      payload: { answer: 'Yes.' },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await subscribedTeacher(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversation/${wrong.id}/correct`,
      headers: other.auth,
      payload: { answer: 'Yes.' },
    });
    expect(refused.statusCode).toBe(404);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversation/${wrong.id}/correct`,
      headers: cls.auth,
      payload: { answer: '  ' },
    });
    expect(blank.statusCode).toBe(422);

    const corrected = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversation/${wrong.id}/correct`,
      headers: cls.auth,
      payload: { answer: 'Yes: a basic scientific calculator, no phones.' },
    });
    expect(corrected.statusCode).toBe(201);
    const { content, conversation } = corrected.json().data;
    expect(content).toMatchObject({
      title: 'Do I need a calculator for the exams?',
      content_type: 'other',
      status: 'ready',
    });
    expect(conversation).toMatchObject({ id: wrong.id, corrected: true });
    // the next student asking the same thing, in other words, gets the correction
    const next = await ask(cls.chat_uuid, 'do i need a CALCULATOR for exams');
    expect(next).toMatchObject({
      response: 'Yes: a basic scientific calculator, no phones.',
      source_type: 'content',
    });
    // deleting the correction's item takes it back
    await t.app.inject({ method: 'DELETE', url: `/api/content/${content.id}`, headers: cls.auth });
    const after = await ask(cls.chat_uuid, 'do i need a CALCULATOR for exams');
    expect(after.response).not.toBe('Yes: a basic scientific calculator, no phones.');
  });
});
