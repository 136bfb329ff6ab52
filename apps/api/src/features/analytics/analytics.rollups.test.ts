import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RANGES, ANALYTICS_TOP_QUESTIONS, type Analytics } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import type { Db } from '../../db/index.ts';
import { ConversationsRepository } from '../conversations/conversations.repository.ts';
import { ConversationsService } from '../conversations/conversations.service.ts';
import { groupQuestions, type QuestionGroup } from '../conversations/question-groups.ts';
import { DEFAULT_RETENTION, pruneExpiredRows } from '../housekeeping/housekeeping.ts';
import { HousekeepingRepository } from '../housekeeping/housekeeping.repository.ts';
import { AnalyticsRepository } from './analytics.repository.ts';
import { AnalyticsService } from './analytics.service.ts';

/**
 * The analytics read rollups kept by triggers (migration 020). Here every figure is checked
 * against the same figures computed straight from the conversations, as the analytics did
 * before the rollups: over many ranges and time zones (whole-hour, half- and quarter-hour
 * offsets, daylight saving, a zone whose offset was not a whole number of minutes), after
 * inserts, deletes, updates and the retention housekeeping.
 */

let t: TestApp;
let classId: string;
let otherClassId: string;
const contentIds: string[] = [];
const DAY = 86_400_000;
/** the test's "now": analytics count back from it, the housekeeping from the database's */
const NOW = new Date();

/** A seeded generator, so a failure can be reproduced. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDINGS = [
  'When is the midterm?',
  "When's the midterm exam?",
  'when is the MIDTERM',
  'Where is the midterm?',
  'Is the midterm curved?',
  'Is there a field trip?',
  'is there a field trip',
  'How are labs graded?',
  'How is the lab graded?',
  'What is the late policy?',
  'what is the late policy for problem sets',
  'Who is the TA?',
  'Can I bring a calculator?',
  'the the the',
  '???',
  'Quand est l’examen ?',
];

type Row = {
  class_id: string;
  question: string;
  source_type: 'syllabus' | 'content' | 'other';
  response_time_ms: number;
  citations: string;
  created_at: string;
};

/** Microseconds keep every time distinct: "the latest wording" is then never a tie. */
let micro = 0;
function at(ms: number): string {
  micro = (micro + 1) % 1000;
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micro).padStart(3, '0')}Z`;
}

function conversation(next: () => number, cls: string, ms: number): Row {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const cited: unknown[] = [];
  for (let n = Math.floor(next() * 4); n > 0; n -= 1) {
    cited.push({ content_id: pick(contentIds), title: 'x', content_type: 'syllabus' });
  }
  const odd = next();
  const citations =
    odd < 0.03
      ? { not: 'an array' }
      : odd < 0.06
        ? [...cited, 'text', { content_id: contentIds[0]!.toUpperCase() }, { content_id: 'nope' }]
        : cited;
  return {
    class_id: cls,
    question: pick(WORDINGS),
    source_type: pick(['syllabus', 'content', 'other', 'other'] as const),
    response_time_ms: Math.floor(next() * 5000),
    citations: JSON.stringify(citations),
    created_at: at(ms),
  };
}

async function insert(rows: Row[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await t.db
      .insertInto('conversations')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          ...r,
          response: 'An answer.',
          // with its microseconds, which a Date would drop
          created_at: sql<Date>`${r.created_at}::timestamptz`,
        })),
      )
      .execute();
  }
}

/** Where each range starts in each zone, so conversations can sit right on the edges. */
async function rangeStarts(now: Date, zones: string[]): Promise<number[]> {
  const repo = new AnalyticsRepository(t.db);
  const edges: number[] = [];
  for (const zone of zones) {
    for (const days of ANALYTICS_RANGES) {
      const range = await repo.range(now, days, zone);
      edges.push(range.startAt.getTime(), range.endAt.getTime());
    }
  }
  return edges;
}

// ---------------------------------------------------------------------------------------------
// The figures straight from the conversations (the analytics' computation before migration 020)

async function direct(
  db: Db,
  cls: string,
  now: Date,
  days: number,
  timeZone: string,
): Promise<Analytics> {
  const range = await new AnalyticsRepository(db).range(now, days, timeZone);
  const perDay = (
    await sql<{
      date: string;
      questions: number;
      answered: number;
      not_answered: number;
      response_time_ms_sum: number;
    }>`
      WITH counted AS (
        SELECT (created_at AT TIME ZONE ${timeZone})::date AS day,
          count(*)::int AS questions,
          (count(*) FILTER (WHERE source_type <> 'other'))::int AS answered,
          (count(*) FILTER (WHERE source_type = 'other'))::int AS not_answered,
          sum(response_time_ms)::float8 AS response_time_ms_sum
        FROM conversations
        WHERE class_id = ${cls} AND created_at >= ${range.startAt} AND created_at < ${range.endAt}
        GROUP BY 1
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS date,
        coalesce(c.questions, 0) AS questions, coalesce(c.answered, 0) AS answered,
        coalesce(c.not_answered, 0) AS not_answered,
        coalesce(c.response_time_ms_sum, 0) AS response_time_ms_sum
      FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
      LEFT JOIN counted c ON c.day = d::date
      ORDER BY d`.execute(db)
  ).rows;
  const byHour = (
    await sql<{ hour: number; questions: number }>`
      WITH counted AS (
        SELECT extract(hour FROM created_at AT TIME ZONE ${timeZone})::int AS hour,
          count(*)::int AS questions
        FROM conversations
        WHERE class_id = ${cls} AND created_at >= ${range.startAt} AND created_at < ${range.endAt}
        GROUP BY 1
      )
      SELECT h AS hour, coalesce(c.questions, 0) AS questions
      FROM generate_series(0, 23) AS h LEFT JOIN counted c ON c.hour = h
      ORDER BY h`.execute(db)
  ).rows;
  const contentUsage = (
    await sql<Analytics['content_usage'][number]>`
      WITH cited AS (
        SELECT cited.content_id, count(*)::int AS citations
        FROM conversations c
        CROSS JOIN LATERAL (
          SELECT DISTINCT e->>'content_id' AS content_id
          FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(c.citations) = 'array' THEN c.citations ELSE '[]' END
          ) AS e
        ) cited
        WHERE c.class_id = ${cls}
          AND c.created_at >= ${range.startAt} AND c.created_at < ${range.endAt}
        GROUP BY cited.content_id
      )
      SELECT ct.id AS content_id, ct.title, ct.content_type,
        coalesce(cited.citations, 0) AS citations
      FROM contents ct
      LEFT JOIN cited ON cited.content_id = ct.id::text
      WHERE ct.class_id = ${cls} AND ct.status = 'ready'
      ORDER BY citations DESC, lower(ct.title), ct.title, ct.id`.execute(db)
  ).rows;
  const conversations = new ConversationsRepository(db);
  const scope = { classId: cls, since: range.startAt, limit: ANALYTICS_TOP_QUESTIONS };
  const top = await groupQuestions(conversations, scope);
  // still on the unanswered list: read from the conversations on every request, not rolled up
  const unanswered = await groupQuestions(conversations, { ...scope, openUnansweredOnly: true });
  const group = (g: QuestionGroup) => ({
    question: g.question,
    count: g.count,
    last_asked_at: g.last_asked_at.toISOString(),
  });
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((a, r) => a + pick(r), 0);
  const questions = sum(perDay, (d) => d.questions);
  return {
    class_id: cls,
    range: { from: range.from, to: range.to, days, time_zone: timeZone },
    totals: {
      questions,
      answered: sum(perDay, (d) => d.answered),
      not_answered: sum(perDay, (d) => d.not_answered),
      // read from the conversations' ratings: none here
      not_helpful: 0,
      // contact requests are still read from their own table: none here
      contact_requests: 0,
      pending_requests: 0,
      avg_response_time_ms:
        questions === 0 ? null : Math.round(sum(perDay, (d) => d.response_time_ms_sum) / questions),
    },
    per_day: perDay.map(({ date, questions, answered, not_answered }) => ({
      date,
      questions,
      answered,
      not_answered,
    })),
    by_hour: byHour,
    top_questions: top.map(group),
    unanswered_questions: unanswered.map(group),
    content_usage: contentUsage,
    contact_requests_per_day: perDay.map(({ date }) => ({ date, requests: 0 })),
    // conversations written straight to the table ask no date question and match no check
    date_questions: [],
    assistant_check: { answered_from_checks: 0, asked_unchecked: [] },
    counted_at: now.toISOString(),
  };
}

/** The conversations service as analytics uses it (its class checks are not reached). */
const conversationsOf = (db: Db) =>
  new ConversationsService({
    repo: new ConversationsRepository(db),
    classes: { requireOwned: async () => ({}) as never },
    content: { createText: async () => ({}) as never },
  });

function serviceAt(now: Date) {
  return new AnalyticsService({
    repo: new AnalyticsRepository(t.db),
    conversations: conversationsOf(t.db),
    classes: { requireOwned: async () => ({}) as never },
    now: () => now,
  });
}

/** Every range in every zone: the rollups' figures are the conversations' own. */
async function expectSameFigures(cls: string, now: Date, zones: string[]) {
  const service = serviceAt(now);
  let questions = 0;
  for (const timeZone of zones) {
    for (const days of ANALYTICS_RANGES) {
      const rolled = await service.forClass({ teacherId: 'any', classId: cls, days, timeZone });
      const expected = await direct(t.db, cls, now, days, timeZone);
      expect(rolled, `${days} days in ${timeZone}`).toEqual(expected);
      questions += rolled.totals.questions;
    }
  }
  return questions;
}

/** The rollup tables hold exactly what counting the conversations again gives. */
async function expectRollupsExact() {
  const differences = await sql<{ n: number }>`
    WITH counts AS (
      SELECT class_id, m.minutes AS bucket_minutes,
        conversation_bucket(m.minutes, created_at) AS bucket_start, count(*)::int AS questions,
        (count(*) FILTER (WHERE source_type = 'other'))::int AS not_answered,
        sum(response_time_ms)::bigint AS response_time_ms
      FROM conversations, (VALUES (60), (30), (15)) AS m (minutes)
      GROUP BY 1, 2, 3
    ),
    questions AS (
      SELECT class_id, conversation_utc_day(created_at) AS day, md5(question_key)::uuid AS key_hash,
        question_key, count(*)::int AS questions, max(created_at) AS last_asked_at,
        (array_agg(question ORDER BY created_at DESC))[1] AS last_question,
        (count(*) FILTER (WHERE source_type = 'other'))::int AS not_answered,
        max(created_at) FILTER (WHERE source_type = 'other') AS not_answered_last_asked_at,
        (array_agg(question ORDER BY created_at DESC)
          FILTER (WHERE source_type = 'other'))[1] AS not_answered_last_question
      FROM conversations GROUP BY 1, 2, 3, 4
    ),
    citations AS (
      SELECT c.class_id, conversation_utc_day(c.created_at) AS day, e.content_id,
        count(*)::int AS citations
      FROM conversations c,
        LATERAL (SELECT DISTINCT x->>'content_id' AS content_id
          FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(c.citations) = 'array' THEN c.citations ELSE '[]' END) x) e
      WHERE e.content_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      GROUP BY 1, 2, 3
    )
    SELECT ((SELECT count(*) FROM (
        (SELECT * FROM counts EXCEPT SELECT * FROM conversation_counts)
        UNION ALL (SELECT * FROM conversation_counts EXCEPT SELECT * FROM counts)) a)
      + (SELECT count(*) FROM (
        (SELECT * FROM questions EXCEPT SELECT * FROM conversation_day_questions)
        UNION ALL (SELECT * FROM conversation_day_questions EXCEPT SELECT * FROM questions)) b)
      + (SELECT count(*) FROM (
        (SELECT class_id, day, content_id::uuid, citations FROM citations
         EXCEPT SELECT * FROM conversation_day_citations)
        UNION ALL (SELECT * FROM conversation_day_citations
          EXCEPT SELECT class_id, day, content_id::uuid, citations FROM citations)) c))::int AS n
  `.execute(t.db);
  expect(differences.rows[0]!.n).toBe(0);
}

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata', // +05:30
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // -03:30, with daylight saving
  'Australia/Lord_Howe', // +10:30, half an hour of daylight saving
  'Pacific/Chatham', // +12:45 / +13:45
  'Pacific/Kiritimati', // +14
];

beforeAll(async () => {
  t = await createTestApp();
  const teacher = await subscribedTeacher(t.app);
  classId = (await createClass(t.app, teacher.auth)).id;
  otherClassId = (await createClass(t.app, teacher.auth, { class_name: 'Other' })).id;
  for (const [title, status] of [
    ['Syllabus', 'ready'],
    ['Lab guide', 'ready'],
    ['archive', 'ready'],
    ['Archive', 'ready'],
    ['Still processing', 'processing'],
  ] as const) {
    const row = await t.db
      .insertInto('contents')
      .values({
        class_id: classId,
        title,
        content: 'x',
        content_type: 'additional',
        word_count: 1,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    contentIds.push(row.id);
  }

  const next = random(20261125);
  const rows: Row[] = [];
  // 13 months of history, busier lately, and a few after now but before the day ends
  for (let i = 0; i < 2500; i += 1) {
    const ago = Math.pow(next(), 2) * 400 * DAY;
    rows.push(conversation(next, classId, NOW.getTime() - ago));
  }
  for (let i = 0; i < 5; i += 1) rows.push(conversation(next, classId, NOW.getTime() + i * 1000));
  // right on, just before and just after each range's first and last instant, in every zone
  for (const edge of await rangeStarts(NOW, ZONES)) {
    for (const d of [-1, 0, 1, 7.5 * 60_000, 15 * 60_000]) {
      rows.push(conversation(next, classId, edge + d));
    }
  }
  // another class's conversations count only for it
  for (let i = 0; i < 200; i += 1) {
    rows.push(conversation(next, otherClassId, NOW.getTime() - next() * 60 * DAY));
  }
  await insert(rows);
}, 60_000);
afterAll(() => t.close());

describe('analytics from rollups', () => {
  it('match the conversations in every range and zone, and the rollups hold exact counts', async () => {
    await expectRollupsExact();
    expect(await expectSameFigures(classId, NOW, ZONES)).toBeGreaterThan(1000);
    await expectSameFigures(otherClassId, NOW, ['UTC', 'Asia/Kolkata']);
  }, 60_000);

  it('still match after conversations are deleted, one, many or a whole day', async () => {
    const ids = (
      await t.db
        .selectFrom('conversations')
        .select('id')
        .where('class_id', '=', classId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    await t.db.deleteFrom('conversations').where('id', '=', ids[7]!).execute();
    await t.db
      .deleteFrom('conversations')
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 9 === 0),
      )
      .execute();
    const yesterday = new Date(NOW.getTime() - DAY);
    await t.db
      .deleteFrom('conversations')
      .where('class_id', '=', classId)
      .where(sql<boolean>`conversation_utc_day(created_at) = conversation_utc_day(${yesterday})`)
      .execute();
    await expectRollupsExact();
    await expectSameFigures(classId, NOW, ['UTC', 'America/New_York', 'Asia/Kathmandu']);
  }, 60_000);

  it('still match after an update moves, reclassifies or rewords conversations', async () => {
    // closing questions with the teacher's answer changes nothing counted
    await t.db
      .updateTable('conversations')
      .set({ resolved_content_id: contentIds[1]! })
      .where('class_id', '=', classId)
      .where('source_type', '=', 'other')
      .execute();
    await sql`
      UPDATE conversations SET
        created_at = CASE WHEN response_time_ms % 3 = 0
          THEN created_at + interval '5 hours 7 minutes' ELSE created_at END,
        source_type = CASE WHEN response_time_ms % 5 = 0 THEN 'other' ELSE source_type END,
        question = CASE WHEN response_time_ms % 7 = 0 THEN 'Who is the TA?' ELSE question END,
        citations = CASE WHEN response_time_ms % 11 = 0 THEN '[]' ELSE citations END,
        response_time_ms = response_time_ms + 1
      WHERE class_id = ${classId} AND response_time_ms % 2 = 0`.execute(t.db);
    await expectRollupsExact();
    await expectSameFigures(classId, NOW, ['Europe/Berlin', 'Australia/Lord_Howe']);
  }, 60_000);

  it('still match after the retention housekeeping deletes old conversations', async () => {
    const before = await t.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('class_id', '=', classId)
      .executeTakeFirstOrThrow();
    const deleted = await pruneExpiredRows(new HousekeepingRepository(t.db), {
      ...DEFAULT_RETENTION,
      conversationsDays: 100,
    });
    expect(deleted.conversations).toBeGreaterThan(100);
    expect(deleted.conversations).toBeLessThan(Number(before.n));
    await expectRollupsExact();
    await expectSameFigures(classId, NOW, ZONES);
  }, 60_000);

  it('stay exact when students of one class ask at the same moment', async () => {
    const next = random(7);
    const now = Date.now();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => insert([conversation(next, classId, now + i)])),
    );
    await expectRollupsExact();
  });

  it.each([
    // -00:44:30 until 7 January 1972, then UTC
    ['Africa/Monrovia', '1972-03-01T12:00:00Z', ['1972-01-07T00:44:30Z']],
    // Newfoundland changed its clocks at 00:01 until 2011
    ['America/St_Johns', '2010-12-01T12:00:00Z', ['2010-03-14T03:31:00Z', '2010-11-07T02:31:00Z']],
  ])(
    'count from the conversations where %s splits quarter hours (as of %s)',
    async (zone, when, changes) => {
      const then = new Date(when);
      const next = random(then.getTime() / 1000);
      const rows: Row[] = [];
      for (let i = 0; i < 400; i += 1) {
        rows.push(conversation(next, otherClassId, then.getTime() - next() * 380 * DAY));
      }
      for (const edge of [
        ...(await rangeStarts(then, [zone])),
        ...changes.map((c) => Date.parse(c)),
      ]) {
        for (let d = -20; d <= 20; d += 1)
          rows.push(conversation(next, otherClassId, edge + d * 60_000));
      }
      await insert(rows);
      await expectRollupsExact();
      expect(await expectSameFigures(otherClassId, then, [zone, 'UTC'])).toBeGreaterThan(400);
    },
    60_000,
  );

  it('are counted once for requests that arrive while a view is being counted', async () => {
    const repo = new AnalyticsRepository(t.db);
    const range = repo.range.bind(repo);
    let counts = 0;
    repo.range = (...args) => {
      counts += 1;
      return range(...args);
    };
    const service = new AnalyticsService({
      repo,
      conversations: conversationsOf(t.db),
      classes: { requireOwned: async () => ({}) as never },
      now: () => NOW,
    });
    const view = { teacherId: 'any', classId, days: 30, timeZone: 'Asia/Kolkata' };
    const [first, ...others] = await Promise.all(
      Array.from({ length: 4 }, () => service.forClass(view)),
    );
    expect(counts).toBe(1);
    for (const other of others) expect(other).toEqual(first);
    expect(first).toEqual(await direct(t.db, classId, NOW, 30, 'Asia/Kolkata'));
  });

  it('go with the class when it is deleted', async () => {
    const teacher = await subscribedTeacher(t.app);
    const cls = (await createClass(t.app, teacher.auth, { class_name: 'Gone' })).id;
    await insert([conversation(random(3), cls, Date.now())]);
    const rows = () =>
      t.db
        .selectFrom('conversation_counts')
        .select('class_id')
        .where('class_id', '=', cls)
        .execute();
    expect(await rows()).toHaveLength(3);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/classes/${cls}`,
      headers: teacher.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await rows()).toHaveLength(0);
    await expectRollupsExact();
  });
});
