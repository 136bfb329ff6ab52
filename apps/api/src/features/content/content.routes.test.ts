import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { uploadAndSettle } from '../../../test/uploads.ts';

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

/** Stored files of no item (a refused request's) or of an item not yet read. */
const storedUploads = async () => (await t.db.selectFrom('uploads').select('id').execute()).length;

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
  it('answers 202 at once with the item processing; its job reads, counts and indexes it', async () => {
    const { auth, cls } = await teacherWithClass();
    const { res, accepted, item } = await uploadAndSettle(
      t.app,
      auth,
      { class_id: cls.id, content_type: 'content', title: 'Course notes' },
      { name: 'notes.txt', data: fixture('notes.txt') },
    );
    expect(res.statusCode).toBe(202);
    expect(accepted).toMatchObject({
      title: 'Course notes',
      content_type: 'additional',
      file_name: 'notes.txt',
      file_size: fixture('notes.txt').length,
      status: 'processing',
      content: null,
      word_count: 0,
    });
    expect(item).toMatchObject({ id: accepted.id, status: 'ready', status_reason: null });
    expect(item.word_count).toBeGreaterThan(10);
    expect((await counts(cls.id)).chunks).toBeGreaterThan(0);
  });

  it('extracts a PDF syllabus and names it after the file when no title is given', async () => {
    const { auth, cls } = await teacherWithClass();
    const { accepted, item } = await uploadAndSettle(
      t.app,
      auth,
      { class_id: cls.id, content_type: 'syllabus' },
      { name: 'multipage.pdf', data: fixture('multipage.pdf') },
    );
    expect(accepted).toMatchObject({ title: 'multipage', content_type: 'syllabus' });
    expect(item.status).toBe('ready');
    expect(item.content!.length).toBeGreaterThan(200);
  });

  it('replaces the syllabus and its chunks atomically', async () => {
    const { auth, cls } = await teacherWithClass();
    const first = (
      await uploadAndSettle(
        t.app,
        auth,
        { class_id: cls.id, content_type: 'syllabus', title: 'Old' },
        { name: 'notes.txt', data: fixture('notes.txt') },
      )
    ).item;
    const second = (
      await uploadAndSettle(
        t.app,
        auth,
        { class_id: cls.id, content_type: 'syllabus', title: 'New' },
        { name: 'notes.txt', data: fixture('notes.txt') },
      )
    ).item;
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
    expect(await storedUploads()).toBe(0);
  });

  it('refuses by its name and first bytes, with 415 before anything is stored, a file of a type it cannot read', async () => {
    const { auth, cls } = await teacherWithClass();
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(4096, 7),
    ]);
    for (const file of [
      { name: 'picture.png', data: png },
      { name: 'syllabus.pdf', data: png },
      { name: 'notes.pdf', data: fixture('notes.txt') },
      { name: 'notes.docx', data: fixture('notes.txt') },
      { name: 'grades.txt', data: fixture('grades.xlsx') },
      { name: 'no-extension', data: fixture('notes.txt') },
    ]) {
      const res = await upload(auth, { class_id: cls.id, content_type: 'content' }, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(body(res)).toEqual({
        success: false,
        detail: 'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      // the rest of the body is not read
      expect(res.headers.connection, file.name).toBe('close');
    }
    expect(await counts(cls.id)).toEqual({ contents: 0, chunks: 0 });
    expect(await storedUploads()).toBe(0);
  });

  it('takes UTF-8 text whose first kilobyte ends inside a character', async () => {
    const { auth, cls } = await teacherWithClass();
    // "é" is two bytes: at 1023 and 1024, across the bytes typed before storing
    const text = Buffer.from(`${'a'.repeat(1023)}${'é'.repeat(200)} Office hours: Monday.`);
    expect(text[1023]).toBe(0xc3);
    const { item } = await uploadAndSettle(
      t.app,
      auth,
      { class_id: cls.id, content_type: 'content' },
      { name: 'accents.txt', data: text },
    );
    expect(item.status).toBe('ready');
  });

  it('refuses an empty file with 422 and stores nothing', async () => {
    const { auth, cls } = await teacherWithClass();
    for (const name of ['empty.txt', 'empty.pdf']) {
      const res = await upload(
        auth,
        { class_id: cls.id, content_type: 'content' },
        { name, data: Buffer.alloc(0) },
      );
      expect(res.statusCode, name).toBe(422);
      expect(String(body(res).detail)).toMatch(/empty/i);
    }
    expect(await counts(cls.id)).toEqual({ contents: 0, chunks: 0 });
    expect(await storedUploads()).toBe(0);
  });

  it('accepts a damaged or password-protected file (202); it then fails with the reason, with no chunks', async () => {
    const { auth, cls } = await teacherWithClass();
    for (const [name, data, pattern] of [
      ['damaged.pdf', fixture('damaged.pdf'), /damaged/i],
      ['encrypted.pdf', fixture('encrypted.pdf'), /password/i],
    ] as const) {
      const { res, item: settled } = await uploadAndSettle(
        t.app,
        auth,
        { class_id: cls.id, content_type: 'content' },
        { name, data },
      );
      expect(res.statusCode, name).toBe(202);
      expect(settled.status, name).toBe('failed');
      expect(settled.status_reason, name).toMatch(pattern);
    }
    expect(await counts(cls.id)).toEqual({ contents: 2, chunks: 0 });
    // what was stored is dropped once read
    expect(await storedUploads()).toBe(0);
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
    expect(mine.statusCode).toBe(202);
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
