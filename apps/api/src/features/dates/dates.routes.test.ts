import type { ClassDates, DatedItem } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';

/** Wednesday, Oct 14 2026, 3 pm in New York */
const NOW = new Date('2026-10-14T19:00:00Z');

const SYLLABUS = `# HIST 210: The Atlantic World

## Schedule
- Oct 14: Problem set 5 due
- Oct 16: Essay 2 due at the start of class
- Oct 19: Fall break, no class
- Oct 22: Midterm 2 in class
- Dec 12: Final exam, 9:00 AM

## Grading
Essays 40%, midterm 25%, final exam 35%.`;

let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(async () => t?.close());

async function fallClass(extra: Record<string, unknown> = {}) {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth, {
    semester: 'Fall',
    year: 2026,
    time_zone: 'America/New_York',
    ...extra,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: teacher.auth,
    payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
  });
  expect(res.statusCode).toBe(201);
  return { ...cls, teacher };
}

const datesOf = async (auth: Record<string, string>, classId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/classes/${classId}/dates`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as ClassDates;
};

async function ask(chatUuid: string, question: string) {
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    remoteAddress: `198.51.100.${ip % 250}`,
    payload: { question },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; response: string; kind: string; citations: unknown[] };
}

describe('the class’s term and time zone', () => {
  it('default from the semester and year, and UTC; are kept as given; a term that ends first is a 422', async () => {
    const teacher = await subscribedTeacher(t.app);
    const plain = await createClass(t.app, teacher.auth, { semester: 'Spring', year: 2027 });
    expect(plain).toMatchObject({
      term_start: '2027-01-12',
      term_end: '2027-05-08',
      time_zone: 'UTC',
    });
    const given = await createClass(t.app, teacher.auth, {
      semester: 'Fall',
      year: 2026,
      term_start: '2026-09-14',
      term_end: '2027-01-22',
      time_zone: 'Europe/Berlin',
    });
    expect(given).toMatchObject({
      term_start: '2026-09-14',
      term_end: '2027-01-22',
      time_zone: 'Europe/Berlin',
    });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: teacher.auth,
      payload: { class_name: 'X', term_start: '2026-12-01', term_end: '2026-09-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('The term must end on or after the day it starts.');
    for (const payload of [
      { class_name: 'X', time_zone: 'Mars/Olympus' },
      { class_name: 'X', term_start: '2026-02-30' },
    ])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/classes',
            headers: teacher.auth,
            payload,
          })
        ).statusCode,
      ).toBe(422);

    // a new semester moves the term to its default; a given term stays
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${plain.id}`,
      headers: teacher.auth,
      payload: { semester: 'Fall' },
    });
    expect(moved.json().data).toMatchObject({ term_start: '2027-08-25', term_end: '2027-12-15' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${plain.id}`,
      headers: teacher.auth,
      payload: { term_end: '2028-01-10', time_zone: 'America/Chicago' },
    });
    expect(changed.json().data).toMatchObject({
      term_start: '2027-08-25',
      term_end: '2028-01-10',
      time_zone: 'America/Chicago',
    });
  });
});

describe('GET /api/classes/{id}/dates', () => {
  it('lists the dated items of the material with today in the class’s zone', async () => {
    const cls = await fallClass();
    const dates = await datesOf(cls.teacher.auth, cls.id);
    expect(dates).toMatchObject({
      today: '2026-10-14',
      term_start: '2026-08-25',
      term_end: '2026-12-15',
      time_zone: 'America/New_York',
    });
    expect(dates.items.map((i) => [i.date, i.kind])).toEqual([
      ['2026-10-14', 'due'],
      ['2026-10-16', 'due'],
      ['2026-10-19', 'no_class'],
      ['2026-10-22', 'exam'],
      ['2026-12-12', 'exam'],
    ]);
    expect(dates.items[1]).toMatchObject({
      origin: 'extracted',
      source: { content_title: 'Syllabus' },
    });
  });

  it('today is the class’s: late evening in Los Angeles is still the day before in UTC’s morning', async () => {
    const cls = await fallClass({ time_zone: 'Asia/Tokyo' });
    // 19:00Z on Oct 14 is 04:00 on Oct 15 in Tokyo
    expect((await datesOf(cls.teacher.auth, cls.id)).today).toBe('2026-10-15');
  });
});

describe('without a token', () => {
  it('every dates route is a 401', async () => {
    const cls = await fallClass();
    const { items } = await datesOf(cls.teacher.auth, cls.id);
    for (const [method, url] of [
      ['GET', `/api/classes/${cls.id}/dates`],
      ['PUT', `/api/classes/${cls.id}/dates/${items[0]!.id}`],
      ['DELETE', `/api/classes/${cls.id}/dates/${items[0]!.id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { title: 'X' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await datesOf(cls.teacher.auth, cls.id)).items).toHaveLength(items.length);
  });
});

describe('correcting and removing a dated item', () => {
  it('a new date and title are the teacher’s; a removed item is gone from the list and the answers', async () => {
    const cls = await fallClass();
    const { items } = await datesOf(cls.teacher.auth, cls.id);
    const essay = items.find((i) => i.date === '2026-10-16')!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls.id}/dates/${essay.id}`,
      headers: cls.teacher.auth,
      payload: { date: '2026-10-15', title: 'Essay 2 due (moved)' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data as DatedItem).toMatchObject({
      date: '2026-10-15',
      title: 'Essay 2 due (moved)',
      kind: 'due',
      origin: 'teacher',
    });
    const midterm = items.find((i) => i.kind === 'exam')!;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/classes/${cls.id}/dates/${midterm.id}`,
      headers: cls.teacher.auth,
    });
    expect(del.statusCode).toBe(200);
    const after = await datesOf(cls.teacher.auth, cls.id);
    expect(after.items.map((i) => i.title)).toEqual([
      'Problem set 5 due',
      'Essay 2 due (moved)',
      expect.stringMatching(/Fall break/),
      'Final exam',
    ]);
    expect((await ask(cls.chat_uuid, 'when is the next exam?')).response).toContain('Dec 12');
  });

  it('bad input is a 422; another teacher, or another class’s item, is a 404', async () => {
    const cls = await fallClass();
    const other = await fallClass();
    const { items } = await datesOf(cls.teacher.auth, cls.id);
    const put = (auth: Record<string, string>, classId: string, id: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/classes/${classId}/dates/${id}`,
        headers: auth,
        payload,
      });
    expect((await put(cls.teacher.auth, cls.id, items[0]!.id, {})).statusCode).toBe(422);
    expect(
      (await put(cls.teacher.auth, cls.id, items[0]!.id, { date: '2026-13-01' })).statusCode,
    ).toBe(422);
    expect(
      (await put(other.teacher.auth, cls.id, items[0]!.id, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await put(cls.teacher.auth, other.id, items[0]!.id, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/classes/${cls.id}/dates`,
          headers: other.teacher.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/classes/${cls.id}/dates/${items[0]!.id}`,
          headers: other.teacher.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect((await datesOf(cls.teacher.auth, cls.id)).items).toHaveLength(items.length);
  });
});

describe('students asking about time', () => {
  it("what's due this week, the next exam, class on Monday: from the dates and today", async () => {
    const cls = await fallClass();
    const due = await ask(cls.chat_uuid, "what's due this week?");
    expect(due.kind).toBe('excerpt');
    expect(due.response).toMatch(/^Due, and exams, from Wed, Oct 14 to Sun, Oct 18/);
    expect(due.response).toContain('Problem set 5 due');
    expect(due.response).toContain('Essay 2 due');
    expect(due.response).not.toContain('Midterm');
    expect(due.citations.length).toBeGreaterThan(0);
    expect((await ask(cls.chat_uuid, 'when is the next exam?')).response).toContain('Midterm 2');
    expect((await ask(cls.chat_uuid, 'is there class on Monday?')).response).toContain(
      'Fall break',
    );
    const none = await ask(cls.chat_uuid, "what's due tomorrow?");
    expect(none).toMatchObject({
      kind: 'none',
      response: 'Nothing in the course material is due, and no exam is dated, on Thu, Oct 15.',
    });

    const session = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session/${cls.chat_uuid}`,
    });
    expect(session.json().data.coming_up).toEqual([
      { date: '2026-10-14', title: 'Problem set 5 due', kind: 'due' },
      { date: '2026-10-16', title: expect.stringMatching(/Essay 2 due/), kind: 'due' },
      { date: '2026-10-19', title: expect.stringMatching(/Fall break/), kind: 'no_class' },
    ]);

    const classes = await t.app.inject({
      method: 'GET',
      url: '/api/classes',
      headers: cls.teacher.auth,
    });
    const card = (classes.json().data.classes as { id: string; next_date: unknown }[]).find(
      (c) => c.id === cls.id,
    );
    expect(card?.next_date).toEqual({
      date: '2026-10-14',
      title: 'Problem set 5 due',
      kind: 'due',
    });

    const stored = await t.db
      .selectFrom('conversations')
      .innerJoin('classes', 'classes.id', 'conversations.class_id')
      .select('conversations.date_ask')
      .where('classes.id', '=', cls.id)
      .orderBy('conversations.created_at')
      .execute();
    expect(stored.map((r) => r.date_ask)).toEqual([
      'this_week',
      'next_exam',
      'weekday',
      'tomorrow',
    ]);
  });
});

describe('Analytics', () => {
  it('counts the date questions students asked, by kind', async () => {
    // on the real clock: Analytics counts conversations by when the database stored them
    const real = await createTestApp();
    try {
      const teacher = await subscribedTeacher(real.app);
      const cls = await createClass(real.app, teacher.auth, { semester: 'Fall', year: 2026 });
      for (const question of [
        "what's due this week",
        "what's due next week",
        'whats due this week?',
        'when are office hours',
      ])
        await real.app.inject({
          method: 'POST',
          url: `/api/chat/ask/${cls.chat_uuid}`,
          remoteAddress: '198.51.100.77',
          payload: { question },
        });
      const res = await real.app.inject({
        method: 'GET',
        url: `/api/chat/analytics/${cls.id}`,
        headers: teacher.auth,
      });
      expect(res.json().data.date_questions).toEqual([
        { kind: 'this_week', count: 2 },
        { kind: 'next_week', count: 1 },
      ]);
    } finally {
      await real.close();
    }
  });
});
