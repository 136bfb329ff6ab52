import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RECOUNT_SECONDS, type Analytics } from '@app/contracts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';

/** The clock stands still: "today" is 2025-03-20 in UTC and in Berlin (CET, UTC+1). */
const NOW = new Date('2025-03-20T12:00:00Z');
/** moved only by the tests of recounting, which put it back */
let clock = NOW;

let t: TestApp;
let auth: Record<string, string>;
let classId: string;
let emptyClassId: string;
let othersClassId: string;
const items: Record<string, string> = {};

const url = (id: string, query = '') => `/api/chat/analytics/${id}${query ? `?${query}` : ''}`;
const get = (id: string, query = '', headers = auth) =>
  t.app.inject({ method: 'GET', url: url(id, query), headers });
const analytics = async (id: string, query = '', headers = auth) => {
  const res = await get(id, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ success: true; data: Analytics }>(res).data;
};

async function item(cls: string, title: string, contentType: 'syllabus' | 'additional' | 'other') {
  const row = await t.db
    .insertInto('contents')
    .values({
      class_id: cls,
      title,
      content: `${title} text`,
      content_type: contentType,
      word_count: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  items[title] = row.id;
  return row.id;
}

const cite = (title: string) => ({
  content_id: items[title]!,
  title,
  content_type: 'syllabus',
  excerpt: '…',
});

async function asked(
  cls: string,
  at: string,
  question: string,
  sourceType: 'syllabus' | 'content' | 'other',
  responseTimeMs: number,
  citations: ReturnType<typeof cite>[] = [],
  resolvedBy: string | null = null,
) {
  const row = await t.db
    .insertInto('conversations')
    .values({
      class_id: cls,
      question,
      response: 'An answer.',
      source_type: sourceType,
      response_time_ms: responseTimeMs,
      tokens_used: 10,
      citations: JSON.stringify(citations),
      created_at: new Date(at),
      resolved_content_id: resolvedBy,
    })
    .returning(['id', 'question'])
    .executeTakeFirstOrThrow();
  return row;
}

async function requested(
  cls: string,
  conversation: { id: string; question: string },
  at: string,
  respondedAt: string | null = null,
) {
  await t.db
    .insertInto('email_requests')
    .values({
      class_id: cls,
      conversation_id: conversation.id,
      student_email: 'student@uni.test',
      request_reason: 'Please tell me more about this.',
      conversation_question: conversation.question,
      created_at: new Date(at),
      teacher_responded_at: respondedAt ? new Date(respondedAt) : null,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const teacher = await subscribedTeacher(t.app);
  auth = teacher.auth;
  classId = (await createClass(t.app, auth)).id;
  emptyClassId = (await createClass(t.app, auth, { class_name: 'Empty' })).id;
  const other = await subscribedTeacher(t.app);
  othersClassId = (await createClass(t.app, other.auth)).id;

  await item(classId, 'Syllabus', 'syllabus');
  await item(classId, 'Lab guide', 'additional');
  await item(classId, 'Archive', 'additional');
  await item(classId, 'Zoology reading', 'additional');
  const answer = await item(classId, 'Is there a field trip?', 'other');

  // only Berlin counts this one: 00:30 on March 14 there, still March 13 in UTC
  await asked(classId, '2025-03-13T23:30:00Z', 'What is the week one reading?', 'content', 600);
  await asked(classId, '2025-03-18T09:15:00Z', 'When is the midterm?', 'syllabus', 100, [
    cite('Syllabus'),
  ]);
  await asked(classId, '2025-03-18T10:00:00Z', "When's the midterm exam?", 'syllabus', 300, [
    cite('Syllabus'),
    cite('Syllabus'),
  ]);
  // 23:30 UTC on March 17 is 00:30 on March 18 in Berlin
  const lateNight = await asked(
    classId,
    '2025-03-17T23:30:00Z',
    'Is there a field trip?',
    'other',
    200,
  );
  // answered by the teacher since: still a question the material did not cover, no longer one to
  // answer
  const resolved = await asked(
    classId,
    '2025-03-19T14:00:00Z',
    'is there a field trip',
    'other',
    400,
    [],
    answer,
  );
  await asked(classId, '2025-03-20T08:00:00Z', 'How are labs graded?', 'content', 500, [
    cite('Lab guide'),
  ]);
  const old = await asked(classId, '2025-03-10T12:00:00Z', 'Old question?', 'other', 900, [
    cite('Archive'),
  ]);
  await asked(othersClassId, '2025-03-18T09:00:00Z', 'When is the midterm?', 'other', 50);

  await requested(classId, lateNight, '2025-03-18T08:00:00Z');
  await requested(classId, resolved, '2025-03-19T15:00:00Z', '2025-03-19T18:00:00Z');
  await requested(classId, resolved, '2025-03-19T16:00:00Z');
  await requested(classId, old, '2025-03-10T13:00:00Z');
});
afterAll(() => t.close());

const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2025-03-${String(from + i).padStart(2, '0')}`);
const hours = (counts: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => ({ hour, questions: counts[hour] ?? 0 }));

describe('GET /api/chat/analytics/:class_id', () => {
  it('401 without a token or with a bad one', async () => {
    const none = await get(classId, '', {});
    expect(none.statusCode).toBe(401);
    expect(body(none)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const bad = await get(classId, '', { authorization: 'Bearer not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(body(bad)).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
  });

  it("404 for another teacher's class and for a class that does not exist", async () => {
    for (const id of [othersClassId, '3f6c1c52-7d0e-4b4a-9a53-0e2f7c1d9b10']) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ success: false, detail: 'Class not found', code: 'NOT_FOUND' });
    }
  });

  it('422 for a range other than 7, 30, 90 or 365 days, an unknown time zone or a bad id', async () => {
    for (const query of ['days=12', 'days=abc', 'days=0']) {
      const res = await get(classId, query);
      expect(res.statusCode, query).toBe(422);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const zone = await get(classId, 'tz=Mars%2FOlympus_Mons');
    expect(zone.statusCode).toBe(422);
    expect(body(zone)).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      detail: [
        {
          loc: ['querystring', 'tz'],
          msg: 'Unknown time zone: Mars/Olympus_Mons',
          type: 'value_error',
        },
      ],
    });
    expect((await get(classId, 'tz=')).statusCode).toBe(422);
    expect((await get('not-a-uuid')).statusCode).toBe(422);
  });

  it('counts the last 7 days in UTC: every day and hour, answered share, groups, material and requests', async () => {
    const data = await analytics(classId, 'days=7');
    expect(data.class_id).toBe(classId);
    expect(data.range).toEqual({ from: '2025-03-14', to: '2025-03-20', days: 7, time_zone: 'UTC' });
    expect(data.totals).toEqual({
      questions: 5,
      answered: 3,
      not_answered: 2,
      not_helpful: 0,
      contact_requests: 3,
      // the second request to the answered question is not pending: its question is answered
      pending_requests: 1,
      avg_response_time_ms: 300,
    });
    const perDay: Record<string, [number, number, number]> = {
      '2025-03-17': [1, 0, 1],
      '2025-03-18': [2, 2, 0],
      '2025-03-19': [1, 0, 1],
      '2025-03-20': [1, 1, 0],
    };
    expect(data.per_day).toEqual(
      days(14, 20).map((date) => {
        const [questions, answered, not_answered] = perDay[date] ?? [0, 0, 0];
        return { date, questions, answered, not_answered };
      }),
    );
    expect(data.by_hour).toEqual(hours({ 8: 1, 9: 1, 10: 1, 14: 1, 23: 1 }));
    expect(data.top_questions).toEqual([
      { question: 'is there a field trip', count: 2, last_asked_at: '2025-03-19T14:00:00.000Z' },
      { question: "When's the midterm exam?", count: 2, last_asked_at: '2025-03-18T10:00:00.000Z' },
      { question: 'How are labs graded?', count: 1, last_asked_at: '2025-03-20T08:00:00.000Z' },
    ]);
    // only the question still to answer: the teacher answered the later one
    expect(data.unanswered_questions).toEqual([
      { question: 'Is there a field trip?', count: 1, last_asked_at: '2025-03-17T23:30:00.000Z' },
    ]);
    const usage = (title: string, citations: number, content_type = 'additional') => ({
      content_id: items[title],
      title,
      content_type,
      citations,
    });
    expect(data.content_usage).toEqual([
      usage('Syllabus', 2, 'syllabus'), // cited twice by one answer: counted once
      usage('Lab guide', 1),
      usage('Archive', 0), // cited only before the range
      usage('Is there a field trip?', 0, 'other'),
      usage('Zoology reading', 0),
    ]);
    const requests: Record<string, number> = { '2025-03-18': 1, '2025-03-19': 2 };
    expect(data.contact_requests_per_day).toEqual(
      days(14, 20).map((date) => ({ date, requests: requests[date] ?? 0 })),
    );
  });

  it('counts days and hours in the given time zone: 23:30 UTC is the next day, hour 0, in Berlin', async () => {
    const data = await analytics(classId, 'days=7&tz=Europe%2FBerlin');
    expect(data.range).toEqual({
      from: '2025-03-14',
      to: '2025-03-20',
      days: 7,
      time_zone: 'Europe/Berlin',
    });
    expect(data.per_day.map((d) => [d.date, d.questions])).toEqual([
      ['2025-03-14', 1], // 23:30 UTC on the 13th: inside Berlin's range, outside UTC's
      ['2025-03-15', 0],
      ['2025-03-16', 0],
      ['2025-03-17', 0],
      ['2025-03-18', 3],
      ['2025-03-19', 1],
      ['2025-03-20', 1],
    ]);
    expect(data.by_hour).toEqual(hours({ 0: 2, 9: 1, 10: 1, 11: 1, 15: 1 }));
    expect(data.totals).toMatchObject({ questions: 6, answered: 4, not_answered: 2 });
    expect(data.totals.avg_response_time_ms).toBe(350);
    expect(data.contact_requests_per_day.map((d) => d.requests)).toEqual([0, 0, 0, 0, 1, 2, 0]);
  });

  it('defaults to 30 days in UTC, and reaches further back', async () => {
    const data = await analytics(classId);
    expect(data.range).toEqual({
      from: '2025-02-19',
      to: '2025-03-20',
      days: 30,
      time_zone: 'UTC',
    });
    expect(data.per_day).toHaveLength(30);
    expect(data.per_day[0]).toEqual({
      date: '2025-02-19',
      questions: 0,
      answered: 0,
      not_answered: 0,
    });
    expect(data.contact_requests_per_day).toHaveLength(30);
    expect(data.totals).toMatchObject({ questions: 7, not_answered: 3, contact_requests: 4 });
    expect(data.unanswered_questions.map((q) => [q.question, q.count])).toEqual([
      ['Is there a field trip?', 1],
      ['Old question?', 1],
    ]);
    expect(data.content_usage.find((u) => u.title === 'Archive')?.citations).toBe(1);
    const year = await analytics(classId, 'days=365');
    expect(year.range.from).toBe('2024-03-21');
    expect(year.per_day).toHaveLength(365);
  });

  it('an empty class gives zeros everywhere and no average', async () => {
    const data = await analytics(emptyClassId, 'days=7&tz=America%2FNew_York');
    expect(data.totals).toEqual({
      questions: 0,
      answered: 0,
      not_answered: 0,
      not_helpful: 0,
      contact_requests: 0,
      pending_requests: 0,
      avg_response_time_ms: null,
    });
    // 12:00 UTC is 08:00 in New York (EDT since March 9): still March 20 there
    expect(data.per_day.map((d) => d.date)).toEqual(days(14, 20));
    expect(data.per_day.every((d) => d.questions + d.answered + d.not_answered === 0)).toBe(true);
    expect(data.by_hour).toEqual(hours({}));
    expect(data.top_questions).toEqual([]);
    expect(data.unanswered_questions).toEqual([]);
    expect(data.content_usage).toEqual([]);
    expect(data.contact_requests_per_day.every((d) => d.requests === 0)).toBe(true);
  });

  describe('counted again at most every ANALYTICS_RECOUNT_SECONDS', () => {
    const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
    let own: Record<string, string>;
    beforeAll(async () => {
      own = (await subscribedTeacher(t.app)).auth;
    });
    afterAll(() => {
      clock = NOW;
    });

    it('serves the figures it counted until they are that old, and says when they were counted', async () => {
      const { id } = await createClass(t.app, own, { class_name: 'Recounted' });
      await asked(id, '2025-03-20T09:00:00Z', 'When is the quiz?', 'syllabus', 100);
      const first = await analytics(id, 'days=7', own);
      expect(first.totals.questions).toBe(1);
      expect(first.counted_at).toBe(NOW.toISOString());

      await asked(id, '2025-03-20T11:59:00Z', 'Where is the lab?', 'other', 100);
      clock = later(ANALYTICS_RECOUNT_SECONDS - 1);
      const cached = await analytics(id, 'days=7', own);
      expect(cached.totals.questions).toBe(1);
      expect(cached.counted_at).toBe(NOW.toISOString());
      // another range or zone of the class is its own count, made now
      const berlin = await analytics(id, 'days=7&tz=Europe%2FBerlin', own);
      expect(berlin.totals.questions).toBe(2);

      clock = later(ANALYTICS_RECOUNT_SECONDS + 1);
      const recounted = await analytics(id, 'days=7', own);
      expect(recounted.totals).toMatchObject({ questions: 2, not_answered: 1 });
      expect(recounted.counted_at).toBe(clock.toISOString());
    });

    it('says at once, counted figures or not, what the teacher answered or dismissed since', async () => {
      clock = NOW;
      const { id } = await createClass(t.app, own, { class_name: 'Answered at once' });
      const trip = await asked(id, '2025-03-20T09:00:00Z', 'Is there a field trip?', 'other', 100);
      const pizza = await asked(id, '2025-03-20T09:30:00Z', 'Best pizza in town?', 'other', 100);
      await requested(id, trip, '2025-03-20T10:00:00Z');
      const first = await analytics(id, 'days=7', own);
      expect(first.unanswered_questions.map((q) => q.question)).toEqual([
        'Best pizza in town?',
        'Is there a field trip?',
      ]);
      expect(first.totals.pending_requests).toBe(1);

      const answered = await t.app.inject({
        method: 'POST',
        url: `/api/chat/unanswered/${id}/answer`,
        headers: own,
        payload: { question: trip.question, answer: 'Yes, on May 2.', conversation_ids: [trip.id] },
      });
      expect(answered.statusCode).toBe(201);
      const dismissed = await t.app.inject({
        method: 'POST',
        url: `/api/chat/unanswered/${id}/dismiss`,
        headers: own,
        payload: { conversation_ids: [pizza.id] },
      });
      expect(dismissed.statusCode).toBe(200);

      const next = await analytics(id, 'days=7', own);
      // the figures are the ones counted before; what is left to do is read now
      expect(next.counted_at).toBe(first.counted_at);
      expect(next.totals).toMatchObject({ questions: 2, not_answered: 2, pending_requests: 0 });
      expect(next.unanswered_questions).toEqual([]);
    });

    it("checks the owner on every request: a class's counted figures are never another teacher's", async () => {
      clock = NOW;
      expect((await analytics(classId, 'days=7')).totals.questions).toBe(5);
      const other = await subscribedTeacher(t.app);
      const res = await get(classId, 'days=7', other.auth);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ success: false, detail: 'Class not found', code: 'NOT_FOUND' });
    });

    it('counts again when the range moves to a new day, however recent the last count', async () => {
      const { id } = await createClass(t.app, own, { class_name: 'Midnight' });
      clock = new Date('2025-03-20T23:59:50Z');
      const { range } = await analytics(id, 'days=7', own);
      expect(range.to).toBe('2025-03-20');
      clock = new Date('2025-03-21T00:00:05Z');
      const next = await analytics(id, 'days=7', own);
      expect(next.range).toMatchObject({ from: '2025-03-15', to: '2025-03-21' });
      expect(next.counted_at).toBe(clock.toISOString());
    });
  });
});
