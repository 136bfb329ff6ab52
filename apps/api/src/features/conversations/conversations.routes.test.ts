import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let emptyClassId: string;
let strangerClassId: string;

let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter}`;

/** A student's question through the real ask route. */
async function ask(question: string, chatUuid = share) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/ask/${chatUuid}`,
    payload: { question },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`ask failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string; source_type: string; response: string } }).data;
}

/** Stored straight into the table, for exact times and odd text. */
async function stored(
  cls: string,
  question: string,
  response: string,
  createdAt: Date,
  sourceType: 'syllabus' | 'content' | 'other' = 'syllabus',
) {
  const row = await t.db
    .insertInto('conversations')
    .values({
      class_id: cls,
      question,
      response,
      source_type: sourceType,
      created_at: createdAt,
      tokens_used: 7,
      response_time_ms: 12,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string, auth: Record<string, string> | undefined = owner.auth) =>
  t.app.inject({ method: 'GET', url, headers: auth ?? {} });

type Page = {
  data: { id: string; question: string; response_preview: string; student_identifier: null }[];
  total: number;
  total_is_lower_bound: boolean;
  page: number;
  per_page: number;
  total_pages: number;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await subscribedTeacher(t.app);
  stranger = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, owner.auth);
  classId = cls.id;
  share = cls.chat_uuid;
  emptyClassId = (await createClass(t.app, owner.auth, { class_name: 'Empty' })).id;
  strangerClassId = (await createClass(t.app, stranger.auth)).id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: owner.auth,
    payload: { class_id: classId, title: 'Syllabus', content: SYLLABUS },
  });
  expect(res.statusCode).toBe(201);

  // 25 conversations a minute apart, newest last; a few carry words and characters to search for
  const start = Date.UTC(2026, 9, 1, 9, 0, 0);
  for (let i = 0; i < 25; i += 1) {
    const special =
      i === 3
        ? { q: 'Is a 100% score possible?', r: 'Yes: full marks.' }
        : i === 4
          ? { q: 'What is file_name for?', r: "It's the upload's name." }
          : i === 5
            ? { q: 'Where is the LAB?', r: 'The laboratory is in Science Hall, room 12.' }
            : i === 6
              ? { q: 'back\\slash question', r: 'A reply.' }
              : { q: `Question number ${i}`, r: `Answer number ${i} about cells.` };
    await stored(classId, special.q, special.r, new Date(start + i * 60_000));
  }
  await stored(strangerClassId, 'Question number 99 from elsewhere', 'x', new Date(start));
});
afterAll(() => t.close());

describe('GET /api/chat/conversations/:class_id', () => {
  it('401 without a token', async () => {
    expect((await get(`/api/chat/conversations/${classId}`, {})).statusCode).toBe(401);
  });

  it("404 for another teacher's class and for an unknown class", async () => {
    const res = await get(`/api/chat/conversations/${strangerClassId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const unknown = await get(`/api/chat/conversations/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['a non-uuid class id', 'not-a-uuid', ''],
    ['page 0', null, '?page=0'],
    ['a page that is not a number', null, '?page=two'],
    ['per_page above 100', null, '?per_page=101'],
    ['a search longer than 200 characters', null, `?search=${'a'.repeat(201)}`],
  ])('422 for %s', async (_name, id, query) => {
    const res = await get(`/api/chat/conversations/${id ?? classId}${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(Array.isArray(res.json().detail)).toBe(true);
  });

  it('pages 20 at a time, newest first, with the total', async () => {
    const first = (await get(`/api/chat/conversations/${classId}`)).json() as Page;
    expect(first).toMatchObject({ total: 25, page: 1, per_page: 20, total_pages: 2 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]!.question).toBe('Question number 24');
    expect(first.data[0]).toMatchObject({
      response_preview: 'Answer number 24 about cells.',
      source_type: 'syllabus',
      student_identifier: null,
      tokens_used: 7,
      response_time_ms: 12,
    });
    const second = (await get(`/api/chat/conversations/${classId}?page=2`)).json() as Page;
    expect(second.data.map((c) => c.question)).toEqual([
      'What is file_name for?',
      'Is a 100% score possible?',
      'Question number 2',
      'Question number 1',
      'Question number 0',
    ]);
    const ids = new Set([...first.data, ...second.data].map((c) => c.id));
    expect(ids.size).toBe(25);
  });

  it('a page past the end is empty, with the real total', async () => {
    const res = await get(`/api/chat/conversations/${classId}?page=9`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 25, page: 9, total_pages: 2 });
  });

  it('an empty class has one empty page', async () => {
    const res = await get(`/api/chat/conversations/${emptyClassId}`);
    expect(res.json()).toMatchObject({ data: [], total: 0, total_pages: 1 });
  });

  it('an empty or blank search lists everything', async () => {
    const res = await get(`/api/chat/conversations/${classId}?search=%20%20`);
    expect((res.json() as Page).total).toBe(25);
  });

  it('searches question and answer, case-insensitively, every word', async () => {
    const inAnswer = (await get(`/api/chat/conversations/${classId}?search=LABORATORY`)).json();
    expect((inAnswer as Page).data.map((c) => c.question)).toEqual(['Where is the LAB?']);
    // as words: "number" and "1", not 10 or 21
    const both = (await get(`/api/chat/conversations/${classId}?search=number%201`)).json();
    expect((both as Page).data.map((c) => c.question)).toEqual(['Question number 1']);
    expect(both).toMatchObject({ total: 1, total_is_lower_bound: false });
    const none = (
      await get(`/api/chat/conversations/${classId}?search=number%20laboratory`)
    ).json();
    expect((none as Page).total).toBe(0);
  });

  it('with no match as words, matches pieces of words as text', async () => {
    // "numb" and "1" are in no conversation as words: as text, 1, 10–19 and 21 — not 2 or 0
    const pieces = (await get(`/api/chat/conversations/${classId}?search=numb%201`)).json();
    expect((pieces as Page).total).toBe(12);
    expect((pieces as Page).data[0]!.question).toBe('Question number 21');
    const labor = (await get(`/api/chat/conversations/${classId}?search=labor`)).json();
    expect((labor as Page).data.map((c) => c.question)).toEqual(['Where is the LAB?']);
  });

  it('finds words in any form, phrases in quotes, and not a word after a minus', async () => {
    const teacher = await subscribedTeacher(t.app);
    const id = (await createClass(t.app, teacher.auth, { class_name: 'Words' })).id;
    const at = Date.UTC(2026, 9, 2, 9, 0, 0);
    await stored(id, 'How is the essay graded?', 'By the rubric.', new Date(at));
    await stored(id, 'What is my grade?', 'Check the gradebook.', new Date(at + 1000));
    await stored(id, 'When are office hours?', 'Tuesdays at 2 pm.', new Date(at + 2000));
    await stored(id, 'Are there hours for the office?', 'Ask the office.', new Date(at + 3000));
    const search = async (text: string) => {
      const url = `/api/chat/conversations/${id}?search=${encodeURIComponent(text)}`;
      return ((await get(url, teacher.auth)).json() as Page).data.map((c) => c.question);
    };
    expect(await search('grading')).toEqual(['What is my grade?', 'How is the essay graded?']);
    expect(await search('office hours')).toEqual([
      'Are there hours for the office?',
      'When are office hours?',
    ]);
    expect(await search('"office hours"')).toEqual(['When are office hours?']);
    expect(await search('grade -essay')).toEqual(['What is my grade?']);
  });

  it('counts a search up to 1,000 matches, then says there are more', async () => {
    const teacher = await subscribedTeacher(t.app);
    const id = (await createClass(t.app, teacher.auth, { class_name: 'Busy' })).id;
    await sql`
      INSERT INTO conversations (class_id, question, response, source_type, created_at)
      SELECT ${id}, 'When is the midterm? #' || i, 'In week 8.', 'syllabus',
        timestamptz '2026-10-01 00:00:00+00' + i * interval '1 minute'
      FROM generate_series(1, 1005) AS i`.execute(t.db);
    const url = `/api/chat/conversations/${id}?search=midterms`;
    const first = (await get(url, teacher.auth)).json() as Page;
    expect(first).toMatchObject({
      total: 1000,
      total_is_lower_bound: true,
      page: 1,
      total_pages: 50,
    });
    expect(first.data[0]!.question).toBe('When is the midterm? #1005');
    // the pages past the thousandth match count as far as they reach
    const last = (await get(`${url}&page=51`, teacher.auth)).json() as Page;
    expect(last).toMatchObject({ total: 1005, total_is_lower_bound: false, total_pages: 51 });
    expect(last.data.map((c) => c.question)).toEqual(
      [5, 4, 3, 2, 1].map((i) => `When is the midterm? #${i}`),
    );
    // the whole list is counted exactly, however long
    const all = (await get(`/api/chat/conversations/${id}`, teacher.auth)).json() as Page;
    expect(all).toMatchObject({ total: 1005, total_is_lower_bound: false, total_pages: 51 });
  });

  it('matches %, _ and backslash as themselves, and survives quotes', async () => {
    const percent = (
      await get(`/api/chat/conversations/${classId}?search=${encodeURIComponent('%')}`)
    ).json();
    expect((percent as Page).data.map((c) => c.question)).toEqual(['Is a 100% score possible?']);
    const underscore = (await get(`/api/chat/conversations/${classId}?search=_`)).json();
    expect((underscore as Page).data.map((c) => c.question)).toEqual(['What is file_name for?']);
    const slash = (
      await get(`/api/chat/conversations/${classId}?search=${encodeURIComponent('\\')}`)
    ).json();
    expect((slash as Page).data.map((c) => c.question)).toEqual(['back\\slash question']);
    const quote = await get(
      `/api/chat/conversations/${classId}?search=${encodeURIComponent("upload's")}`,
    );
    expect(quote.statusCode).toBe(200);
    expect((quote.json() as Page).total).toBe(1);
    const injection = await get(
      `/api/chat/conversations/${classId}?search=${encodeURIComponent("'; DROP TABLE conversations; --")}`,
    );
    expect(injection.statusCode).toBe(200);
    expect((injection.json() as Page).total).toBe(0);
  });

  it('previews a long answer on one line, cut at a word', async () => {
    const long = `First line\n\n${'word '.repeat(100)}`;
    const id = await stored(emptyClassId, 'long one', long, new Date());
    const page = (await get(`/api/chat/conversations/${emptyClassId}`)).json() as Page;
    const row = page.data.find((c) => c.id === id)!;
    expect(row.response_preview.length).toBeLessThanOrEqual(160);
    expect(row.response_preview).toMatch(/^First line word word/);
    expect(row.response_preview).toMatch(/word…$/);
    await t.db.deleteFrom('conversations').where('id', '=', id).execute();
  });
});

describe('GET /api/chat/conversation/:id', () => {
  let askedId: string;
  beforeAll(async () => {
    askedId = (await ask('How much is the final exam worth?')).id;
  });

  it('401 without a token', async () => {
    expect((await get(`/api/chat/conversation/${askedId}`, {})).statusCode).toBe(401);
  });

  it("404 for another teacher's conversation", async () => {
    const res = await get(`/api/chat/conversation/${askedId}`, stranger.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Conversation not found' });
  });

  it('422 for a malformed id', async () => {
    expect((await get('/api/chat/conversation/42')).statusCode).toBe(422);
  });

  it('gives the whole exchange with its sources and timings', async () => {
    const res = await get(`/api/chat/conversation/${askedId}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: askedId,
      class_id: classId,
      question: 'How much is the final exam worth?',
      source_type: 'syllabus',
      student_identifier: null,
    });
    expect(data.response).toMatch(/40%/);
    expect(data.response_time_ms).toBeGreaterThanOrEqual(0);
    expect(data.citations[0]).toMatchObject({ title: 'Syllabus', content_type: 'syllabus' });
    expect(data.citations[0].excerpt).toMatch(/final exam/);
  });
});

/** RFC 4180, enough for the export: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('GET /api/chat/conversations/:class_id/export', () => {
  let csvClassId: string;
  let exporter: { auth: Record<string, string> };
  const download = (id: string) => get(`/api/chat/conversations/${id}/export`, exporter.auth);
  beforeAll(async () => {
    exporter = await subscribedTeacher(t.app);
    csvClassId = (
      await createClass(t.app, exporter.auth, { class_name: 'Export', course_code: 'CSV 1' })
    ).id;
    const at = new Date(Date.UTC(2026, 10, 2, 8, 0, 0));
    await stored(csvClassId, '=HYPERLINK("http://evil.test","click")', '+1 then -1', at, 'other');
    await stored(
      csvClassId,
      'Commas, "quotes" and\nnew lines',
      '@everyone ok',
      new Date(at.getTime() + 1000),
    );
    await stored(csvClassId, 'Plain question', 'Plain answer', new Date(at.getTime() + 2000));
  });

  it('401 without a token, 404 for another teacher, 422 for a bad id', async () => {
    expect((await get(`/api/chat/conversations/${csvClassId}/export`, {})).statusCode).toBe(401);
    expect((await download(csvClassId)).statusCode).toBe(200);
    expect(
      (await get(`/api/chat/conversations/${csvClassId}/export`, stranger.auth)).statusCode,
    ).toBe(404);
    expect((await get('/api/chat/conversations/nope/export')).statusCode).toBe(422);
  });

  it('is a UTF-8 CSV download with escaped cells and formulas neutralised', async () => {
    const res = await download(csvClassId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="csv-1-conversations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'created_at',
      'student_identifier',
      'source_type',
      'question',
      'response',
      'sources',
      'tokens_used',
      'response_time_ms',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      '2026-11-02T08:00:00.000Z',
      '',
      'other',
      `'=HYPERLINK("http://evil.test","click")`,
      "'+1 then -1",
      '',
      '7',
      '12',
    ]);
    expect(rows[2]![3]).toBe('Commas, "quotes" and\nnew lines');
    expect(rows[2]![4]).toBe("'@everyone ok");
    expect(rows[3]![3]).toBe('Plain question');
  });

  it('holds every conversation across batches, oldest first', async () => {
    const big = (await createClass(t.app, exporter.auth, { class_name: 'Big' })).id;
    const same = new Date(Date.UTC(2026, 10, 3));
    await t.db
      .insertInto('conversations')
      .values(
        Array.from({ length: 2105 }, (_, i) => ({
          class_id: big,
          question: `q${i}`,
          response: 'r',
          source_type: 'content' as const,
          // many share a timestamp: the cursor must still not skip or repeat any
          created_at: i < 2050 ? same : new Date(same.getTime() + i),
        })),
      )
      .execute();
    const res = await download(big);
    const rows = parseCsv(res.body.slice(1)).slice(1);
    expect(rows).toHaveLength(2105);
    expect(new Set(rows.map((r) => r[3])).size).toBe(2105);
    expect(rows.at(-1)![3]).toBe('q2104');
  });

  it('ends when the times have microseconds, as rows stored by PostgreSQL do', async () => {
    const id = (await createClass(t.app, stranger.auth, { class_name: 'Micro' })).id;
    await sql`
      INSERT INTO conversations (class_id, question, response, source_type, created_at)
      SELECT ${id}, 'm' || i, 'r', 'syllabus', now() - i * interval '1.234567 second'
      FROM generate_series(1, 2003) AS i`.execute(t.db);
    const res = await get(`/api/chat/conversations/${id}/export`, stranger.auth);
    expect(parseCsv(res.body.slice(1)).slice(1)).toHaveLength(2003);
  });

  it('names the file after the class when it has no course code', async () => {
    const id = (
      await createClass(t.app, exporter.auth, {
        class_name: 'Écologie & Société',
        course_code: null,
      })
    ).id;
    const res = await download(id);
    expect(res.headers['content-disposition']).toMatch(/filename="ecologie-societe-conversations-/);
    expect(parseCsv(res.body.slice(1))).toHaveLength(1);
  });
});
