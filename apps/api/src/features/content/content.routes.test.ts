import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures',
);
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Item = {
  id: string;
  title: string;
  content: string | null;
  content_type: string;
  word_count: number;
  file_name: string | null;
  file_size: number | null;
};
const json = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });
const upload = (
  auth: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
) => {
  const { payload, headers } = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/content/upload',
    headers: { ...auth, ...headers },
    payload,
  });
};
const item = (res: { json(): unknown }) => (res.json() as { data: { content: Item } }).data.content;
const counts = async (classId: string) => ({
  contents: (
    await t.db.selectFrom('contents').select('id').where('class_id', '=', classId).execute()
  ).length,
  chunks: (
    await t.db.selectFrom('content_chunks').select('id').where('class_id', '=', classId).execute()
  ).length,
});

async function teacherWithClass() {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth);
  return { ...teacher, cls };
}

describe('content routes need a token', () => {
  it.each([
    ['POST', '/api/content/upload'],
    ['POST', '/api/content/syllabus'],
    ['GET', '/api/content/syllabus/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/content'],
    ['GET', '/api/content/class/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/content/stats/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/content/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/content/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('POST /api/content/upload', () => {
  it('extracts a text file, stores it with its word count and indexes chunks', async () => {
    const { auth, cls } = await teacherWithClass();
    const res = await upload(
      auth,
      { class_id: cls.id, content_type: 'content', title: 'Course notes' },
      { name: 'notes.txt', data: fixture('notes.txt') },
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = item(res);
    expect(created).toMatchObject({
      title: 'Course notes',
      content_type: 'additional',
      file_name: 'notes.txt',
      file_size: fixture('notes.txt').length,
    });
    expect(created.word_count).toBeGreaterThan(10);
    expect((await counts(cls.id)).chunks).toBeGreaterThan(0);
  });

  it('extracts a PDF syllabus and names it after the file when no title is given', async () => {
    const { auth, cls } = await teacherWithClass();
    const res = await upload(
      auth,
      { class_id: cls.id, content_type: 'syllabus' },
      { name: 'multipage.pdf', data: fixture('multipage.pdf') },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(item(res)).toMatchObject({ title: 'multipage', content_type: 'syllabus' });
    const full = item(await json('GET', `/api/content/${item(res).id}`, auth));
    expect(full.content!.length).toBeGreaterThan(200);
  });

  it('replaces the syllabus and its chunks atomically', async () => {
    const { auth, cls } = await teacherWithClass();
    const first = item(
      await upload(
        auth,
        { class_id: cls.id, content_type: 'syllabus', title: 'Old' },
        { name: 'notes.txt', data: fixture('notes.txt') },
      ),
    );
    const second = item(
      await upload(
        auth,
        { class_id: cls.id, content_type: 'syllabus', title: 'New' },
        { name: 'notes.txt', data: fixture('notes.txt') },
      ),
    );
    const syllabi = await t.db
      .selectFrom('contents')
      .select('id')
      .where('class_id', '=', cls.id)
      .where('content_type', '=', 'syllabus')
      .execute();
    expect(syllabi.map((s) => s.id)).toEqual([second.id]);
    expect(
      await t.db
        .selectFrom('content_chunks')
        .select('id')
        .where('content_id', '=', first.id)
        .execute(),
    ).toHaveLength(0);
    expect(item(await json('GET', `/api/content/syllabus/${cls.id}`, auth)).title).toBe('New');
  });

  it('refuses a file over 50 MB with 413 and stores nothing', async () => {
    const { auth, cls } = await teacherWithClass();
    const res = await upload(
      auth,
      { class_id: cls.id, content_type: 'content' },
      { name: 'big.txt', data: Buffer.alloc(50 * 1024 * 1024 + 1, 'a') },
    );
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({
      success: false,
      detail: 'File size must be less than 50MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await counts(cls.id)).toEqual({ contents: 0, chunks: 0 });
  });

  it('refuses an unsupported or disguised file with 415', async () => {
    const { auth, cls } = await teacherWithClass();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const file of [
      { name: 'picture.png', data: png },
      { name: 'syllabus.pdf', data: png },
      { name: 'notes.pdf', data: fixture('notes.txt') },
    ]) {
      const res = await upload(auth, { class_id: cls.id, content_type: 'content' }, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(body(res).detail).toBe(
        'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
      );
    }
    expect(await counts(cls.id)).toEqual({ contents: 0, chunks: 0 });
  });

  it('refuses empty, damaged and password-protected files with 422, storing nothing', async () => {
    const { auth, cls } = await teacherWithClass();
    for (const [name, data, pattern] of [
      ['empty.txt', Buffer.alloc(0), /empty/i],
      ['damaged.pdf', fixture('damaged.pdf'), /damaged/i],
      ['encrypted.pdf', fixture('encrypted.pdf'), /password/i],
    ] as const) {
      const res = await upload(auth, { class_id: cls.id, content_type: 'content' }, { name, data });
      expect(res.statusCode, name).toBe(422);
      expect(String(body(res).detail)).toMatch(pattern);
    }
    expect(await counts(cls.id)).toEqual({ contents: 0, chunks: 0 });
  });

  it('validates the form fields with 422', async () => {
    const { auth, cls } = await teacherWithClass();
    expect(
      (
        await upload(
          auth,
          { content_type: 'content' },
          { name: 'notes.txt', data: fixture('notes.txt') },
        )
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await upload(
          auth,
          { class_id: cls.id, content_type: 'poster' },
          { name: 'notes.txt', data: fixture('notes.txt') },
        )
      ).statusCode,
    ).toBe(422);
    expect((await upload(auth, { class_id: cls.id, content_type: 'content' })).statusCode).toBe(
      422,
    );
  });

  it("answers 404 for another teacher's class, and keeps the file name out of any path", async () => {
    const owner = await teacherWithClass();
    const other = await subscribedTeacher(t.app);
    const res = await upload(
      other.auth,
      { class_id: owner.cls.id, content_type: 'content' },
      { name: '../../etc/passwd.txt', data: fixture('notes.txt') },
    );
    expect(res.statusCode).toBe(404);
    const mine = await upload(
      owner.auth,
      { class_id: owner.cls.id, content_type: 'content' },
      { name: '../../etc/passwd.txt', data: fixture('notes.txt') },
    );
    expect(mine.statusCode).toBe(201);
    expect(item(mine).file_name).toBe('passwd.txt'); // directories stripped; stored as a label only
  });
});

describe('text content, syllabus, listing and stats', () => {
  it('adds text content, cuts titles to 255, lists without text and serves one with text', async () => {
    const { auth, cls } = await teacherWithClass();
    const res = await json('POST', '/api/content', auth, {
      class_id: cls.id,
      title: 'D'.repeat(300),
      content: 'Homework 1 is due on September 12 at 5 pm.',
      content_type: 'due_dates',
    });
    expect(res.statusCode).toBe(201);
    const created = item(res);
    expect(created.title).toHaveLength(255);
    expect(created.word_count).toBe(10);
    const list = (await json('GET', `/api/content/class/${cls.id}`, auth)).json() as {
      data: { contents: Item[] };
    };
    expect(list.data.contents).toEqual([
      expect.objectContaining({ id: created.id, content: null }),
    ]);
    expect(item(await json('GET', `/api/content/${created.id}`, auth)).content).toContain(
      'September 12',
    );
  });

  it('sets, reads and edits the syllabus from text; 404 when a class has none', async () => {
    const { auth, cls } = await teacherWithClass();
    expect((await json('GET', `/api/content/syllabus/${cls.id}`, auth)).statusCode).toBe(404);
    const res = await json('POST', '/api/content/syllabus', auth, {
      class_id: cls.id,
      title: 'Syllabus',
      content: '# Grading\n\nThe midterm is worth 30 percent.',
    });
    expect(res.statusCode).toBe(201);
    const edited = await json('PUT', `/api/content/syllabus/${cls.id}`, auth, {
      content: '# Grading\n\nThe midterm is worth 35 percent.',
    });
    expect(item(edited).content).toContain('35 percent');
    const chunks = await t.db
      .selectFrom('content_chunks')
      .select(['body', 'heading'])
      .where('class_id', '=', cls.id)
      .execute();
    expect(chunks.map((c) => c.body).join(' ')).toContain('35 percent');
    expect(chunks.map((c) => c.body).join(' ')).not.toContain('30 percent');
  });

  it('ten syllabi posted at once replace one another: one syllabus remains, no 500', async () => {
    const { auth, cls } = await teacherWithClass();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        json('POST', '/api/content/syllabus', auth, {
          class_id: cls.id,
          title: `Syllabus ${i}`,
          content: `# Grading\n\nVersion ${i}: the midterm is worth 30 percent.`,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const syllabi = await t.db
      .selectFrom('contents')
      .select('id')
      .where('class_id', '=', cls.id)
      .where('content_type', '=', 'syllabus')
      .execute();
    expect(syllabi).toHaveLength(1);
    const { chunks } = await counts(cls.id);
    expect(chunks).toBeGreaterThan(0);
  });

  it('validates text content with 422', async () => {
    const { auth, cls } = await teacherWithClass();
    for (const bad of [
      { class_id: cls.id, title: '', content: 'x' },
      { class_id: cls.id, title: 'T', content: '   ' },
      { class_id: 'nope', title: 'T', content: 'x' },
      { class_id: cls.id, title: 'T', content: 'x', content_type: 'poster' },
    ]) {
      expect((await json('POST', '/api/content', auth, bad)).statusCode, JSON.stringify(bad)).toBe(
        422,
      );
    }
  });

  it('deletes content with its chunks, and counts what a class has', async () => {
    const { auth, cls } = await teacherWithClass();
    await json('POST', '/api/content/syllabus', auth, {
      class_id: cls.id,
      title: 'Syllabus',
      content: 'Office hours: Monday 2 to 4 pm in Room 210.',
    });
    const extra = item(
      await json('POST', '/api/content', auth, {
        class_id: cls.id,
        title: 'Due dates',
        content: 'Essay due October 3.',
        content_type: 'due_dates',
      }),
    );
    const stats = (await json('GET', `/api/content/stats/${cls.id}`, auth)).json() as {
      data: Record<string, unknown>;
    };
    expect(stats.data).toMatchObject({
      total_items: 2,
      has_syllabus: true,
      by_type: { syllabus: 1, due_dates: 1 },
    });
    expect((await json('DELETE', `/api/content/${extra.id}`, auth)).statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('content_chunks')
        .select('id')
        .where('content_id', '=', extra.id)
        .execute(),
    ).toHaveLength(0);
    expect((await json('GET', `/api/content/${extra.id}`, auth)).statusCode).toBe(404);
  });

  it("answers 404 for another teacher's content on every route", async () => {
    const owner = await teacherWithClass();
    const other = await subscribedTeacher(t.app);
    const c = item(
      await json('POST', '/api/content', owner.auth, {
        class_id: owner.cls.id,
        title: 'Notes',
        content: 'Private notes.',
      }),
    );
    await json('POST', '/api/content/syllabus', owner.auth, {
      class_id: owner.cls.id,
      title: 'Syllabus',
      content: 'Week 1: cells.',
    });
    for (const [method, url, payload] of [
      ['GET', `/api/content/${c.id}`],
      ['PUT', `/api/content/${c.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/content/${c.id}`],
      ['GET', `/api/content/class/${owner.cls.id}`],
      ['GET', `/api/content/stats/${owner.cls.id}`],
      ['GET', `/api/content/syllabus/${owner.cls.id}`],
      ['PUT', `/api/content/syllabus/${owner.cls.id}`, { title: 'x' }],
      ['POST', '/api/content', { class_id: owner.cls.id, title: 'Sneaky', content: 'x' }],
      ['POST', '/api/content/syllabus', { class_id: owner.cls.id, title: 'Sneaky', content: 'x' }],
    ] as const) {
      expect((await json(method, url, other.auth, payload)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect(item(await json('GET', `/api/content/${c.id}`, owner.auth)).title).toBe('Notes');
  });
});
