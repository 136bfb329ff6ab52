import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { CHAT_MESSAGES } from '@app/contracts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Instructor
Dr. Maria Lopez. Email: mlopez@state.edu. Office hours are Tuesdays 2:00-4:00 pm in Science Hall 210.

## Grading
| Component | Weight |
| Homework | 20% |
| Midterm exam | 30% |
| Final exam | 40% |
| Participation | 10% |

## Late policy
Late homework loses 10% per day and is not accepted after three days.

## Textbook
Campbell Biology, 12th edition, is required.

## Essays
Essay 1 is due Tuesday, Feb. 17 at noon. Essay 2 is due in April.

## Schedule
The midterm exam is on Thursday, October 15 in class. The final exam is on December 10 at 9:00 am.`;

let t: TestApp;
let share: string;
let classId: string;
/** A class holding SYLLABUS, on the app given. */
async function classWithSyllabus(app: TestApp['app']) {
  const teacher = await subscribedTeacher(app);
  const cls = await createClass(app, teacher.auth);
  await app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: teacher.auth,
    payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
  });
  return cls;
}

beforeAll(async () => {
  t = await createTestApp();
  const cls = await classWithSyllabus(t.app);
  share = cls.chat_uuid;
  classId = cls.id;
});
afterAll(async () => t.close());

let ip = 0;
type Reply = {
  id: string;
  response: string;
  kind: string;
  source_type: string;
  confidence: number;
  citations: { title: string; excerpt: string; content_type: string }[];
};
const ask = async (question: string, chatUuid = share, app = t.app) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    payload: { question, student_identifier: null },
    remoteAddress: `198.18.0.${++ip % 250}`,
  });
  return { res, data: (res.json() as { data: Reply }).data };
};

describe('answers from the class material', () => {
  it.each([
    ['how much is the final worth?', '40%'],
    ["what's the prof's email", 'mlopez@state.edu'],
    ['when are office hours', 'Tuesdays 2:00-4:00 pm'],
    ['when is the midterm', 'October 15'],
    ['which book do we need', 'Campbell Biology'],
    ['how much is the midterm worth', '30%'],
    ['when is essay 1 due', 'Essay 1 is due Tuesday, Feb. 17 at noon.'], // "Feb." does not end the sentence
  ])('%s → %s', async (question, expected) => {
    const { res, data } = await ask(question);
    expect(res.statusCode).toBe(200);
    expect(data.response).toContain(expected);
    expect(data.response.length).toBeLessThanOrEqual(700);
    expect(data.source_type).toBe('syllabus');
    expect(data.citations[0]).toMatchObject({ title: 'Syllabus', content_type: 'syllabus' });
  });

  it('quotes the material as an excerpt: its section named, the best part marked', async () => {
    const { data } = await ask('how much is the final worth?');
    expect(data.kind).toBe('excerpt');
    const [lead, ...quote] = data.response.split('\n');
    // a grading weight read from the syllabus's table, quoted from its line
    expect(lead).toBe('Here is what the syllabus says about Final exam:');
    expect(quote.length).toBeGreaterThan(0);
    expect(quote.every((line) => line.startsWith('> '))).toBe(true);
    expect(quote.join('\n')).toMatch(/\*\*[^*]*40%[^*]*\*\*/);
  });

  it('quotes a borderline match, or says it is not covered', async () => {
    // "turn in" becomes "submit", a word this syllabus never uses: the match is weak
    const { data } = await ask('what happens if I turn in homework late');
    if (data.kind === 'none') expect(data.response).toMatch(/^I couldn't find this/);
    else {
      expect(data.kind).toBe('excerpt');
      expect(data.response).toContain('Late homework loses 10% per day');
    }
  });

  it('tolerates a misspelling', async () => {
    const { data } = await ask('how much is the fnal exm worth');
    expect(data.response).toContain('40%');
  });

  it('says so when the material does not cover the question', async () => {
    for (const question of [
      'is there a parking permit for students?',
      'what is the capital of France?',
    ]) {
      const { data } = await ask(question);
      expect(data.kind, question).toBe('none');
      expect(data.source_type, question).toBe('other');
      expect(data.response).toMatch(/couldn't find this in the course material/);
      expect(data.citations).toEqual([]);
    }
  });

  it('gives every reply its confidence: answers at or above the threshold, declines below', async () => {
    const threshold = t.config.answerMinConfidence;
    const answered = await ask('how much is the final worth?');
    expect(answered.data.confidence).toBeGreaterThanOrEqual(threshold);
    expect(answered.data.confidence).toBeLessThanOrEqual(1);
    const declined = await ask('is there a parking permit for students?');
    expect(declined.data.confidence).toBeLessThan(threshold);
    expect(declined.data.confidence).toBeGreaterThanOrEqual(0);
  });

  it('below the threshold says the material does not cover it, quoting nothing', async () => {
    // a server that never trusts a match: what a weak match gets
    const strict = await createTestApp({ ANSWER_MIN_CONFIDENCE: '1' });
    try {
      const cls = await classWithSyllabus(strict.app);
      const { data } = await ask('how much is the final worth?', cls.chat_uuid, strict.app);
      expect(data.kind).toBe('none');
      expect(data.source_type).toBe('other');
      expect(data.confidence).toBeLessThan(1);
      expect(data.response).toMatch(/^I couldn't find this in the course material/);
      expect(data.response).not.toContain('40%');
      expect(data.citations).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('is deterministic', async () => {
    const a = await ask('how much is the final worth?');
    const b = await ask('how much is the final worth?');
    expect(a.data.response).toBe(b.data.response);
  });

  it("never answers from another class's material", async () => {
    const other = await subscribedTeacher(t.app);
    const cls = await createClass(t.app, other.auth, { class_name: 'Empty class' });
    const { data } = await ask('how much is the final worth?', cls.chat_uuid);
    expect(data.source_type).toBe('other');
  });

  it('stores every exchange as a conversation', async () => {
    const { data } = await ask('when is the final exam?');
    const row = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      class_id: classId,
      question: 'when is the final exam?',
      kind: data.kind,
      source_type: 'syllabus',
      student_identifier: null,
      tokens_used: 0,
    });
    expect(row.response_time_ms).toBeGreaterThanOrEqual(0);
  });
});

describe('session and errors', () => {
  it('serves the session of an active class', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/chat/session/${share}` });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: Record<string, unknown> }>(res).data).toMatchObject({
      class_name: 'Introduction to Biology',
      is_active: true,
      professor: { first_name: 'Ada' },
    });
  });

  it('answers 404 for an unknown share link and 422 for a malformed one', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/chat/session/00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await ask('hello', '00000000-0000-4000-8000-000000000000')).res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/session/nope' })).statusCode).toBe(
      422,
    );
  });

  it('refuses blank and over-long questions with 422', async () => {
    expect((await ask('   ')).res.statusCode).toBe(422);
    expect((await ask('x'.repeat(1001))).res.statusCode).toBe(422);
  });

  it('answers 403 CLASS_INACTIVE on session and ask when the teacher deactivates the class', async () => {
    const teacher = await subscribedTeacher(t.app);
    const cls = await createClass(t.app, teacher.auth);
    await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls.id}`,
      headers: teacher.auth,
      payload: { is_active: false },
    });
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session/${cls.chat_uuid}`,
    });
    expect(session.statusCode).toBe(403);
    expect(body(session)).toMatchObject({ code: 'CLASS_INACTIVE' });
    expect((await ask('when is the final?', cls.chat_uuid)).res.statusCode).toBe(403);
  });

  it("a deactivated class's 403 names the class as its chat page's header does, and tells nothing more of it", async () => {
    const teacher = await subscribedTeacher(t.app);
    const cls = await createClass(t.app, teacher.auth);
    await t.app.inject({
      method: 'POST',
      url: '/api/content/syllabus',
      headers: teacher.auth,
      payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
    });
    const session = () =>
      t.app.inject({ method: 'GET', url: `/api/chat/session/${cls.chat_uuid}` });
    const active = body(await session()) as {
      data: { class_name: string; school_name: string; professor: { last_name: string } };
    };
    await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls.id}`,
      headers: teacher.auth,
      payload: { is_active: false },
    });

    const res = await session();
    expect(res.statusCode).toBe(403);
    // the error shape, and the header of the class's chat page: its name, school and teacher
    expect(res.json()).toEqual({
      success: false,
      code: 'CLASS_INACTIVE',
      detail: CHAT_MESSAGES.classInactive,
      class: {
        class_name: 'Introduction to Biology',
        school_name: 'State University',
        professor: { last_name: teacher.input.last_name },
      },
    });
    expect(active.data).toMatchObject(res.json().class);
    // nothing else of it: not its description, material, questions or ids
    for (const hidden of ['Cells, genetics', 'Lopez', 'midterm', cls.id, teacher.input.first_name])
      expect(res.body).not.toContain(hidden);
    // a question is refused as before, naming nothing: the page already shows the class
    const asked = await ask('when is the final?', cls.chat_uuid);
    expect(asked.res.statusCode).toBe(403);
    expect(asked.res.json()).not.toHaveProperty('class');
  });

  it("one address flooding a class's link cannot use up the other students' allowance", async () => {
    const small = await createTestApp({ CHAT_RATE_LIMIT_PER_MINUTE: '2' }); // 20 a class
    try {
      const cls = await classWithSyllabus(small.app);
      const from = (address: string) =>
        small.app.inject({
          method: 'POST',
          url: `/api/chat/ask/${cls.chat_uuid}`,
          payload: { question: 'when is the midterm?' },
          remoteAddress: address,
        });
      const flood = [];
      for (let i = 0; i < 40; i++) flood.push((await from('203.0.113.5')).statusCode);
      expect(flood.filter((s) => s === 200)).toHaveLength(2);
      expect(flood.filter((s) => s === 429)).toHaveLength(38);
      expect((await from('198.51.100.7')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('limits questions per client address with 429 and Retry-After', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/ask/${share}`,
        payload: { question: 'when is the midterm?' },
        remoteAddress: '203.0.113.77',
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(limited).detail).toMatch(/a little too quickly/);
  });
});

describe('round trips of the student hot path', () => {
  /** The SQL statements the database is sent while `fn` runs (this file's tests run in turn). */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    const counting = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      sent.push(typeof q === 'string' ? q : (q.text ?? ''));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    };
    pg.Client.prototype.query = counting as typeof query;
    try {
      await fn();
    } finally {
      pg.Client.prototype.query = query;
    }
    return sent;
  }

  it('the chat page reads its class, teacher and suggested questions in one statement', async () => {
    const sent = await statementsDuring(() =>
      t.app.inject({ method: 'GET', url: `/api/chat/session/${share}` }),
    );
    // then "Coming up" (issue 30): the class's term and zone, and its fact sheet's dates
    expect(sent).toHaveLength(3);
    expect(sent[0]).toContain('chat_session');
  });

  it('a question counts both rate limits in one statement and reads the class name once a minute', async () => {
    const ask = (question: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/ask/${share}`,
        remoteAddress: '198.51.100.77',
        payload: { question },
      });
    await ask('When is the midterm exam?');
    const sent = await statementsDuring(() => ask('Which textbook is required?'));
    expect(sent.filter((s) => s.includes('rate_limits'))).toHaveLength(1);
    expect(sent.filter((s) => /from "classes" where "id"/.test(s))).toHaveLength(0);
    // the class, the limits, the facts, the material's words and passages, the stored exchange
    expect(sent.length).toBeLessThanOrEqual(8);
  });
});
