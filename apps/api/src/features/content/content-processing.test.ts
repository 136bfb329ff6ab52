import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestInstance, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures',
);
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

type Item = {
  id: string;
  content: string | null;
  status: string;
  status_reason: string | null;
  word_count: number;
};

/**
 * Two instances on one database: `front` answers requests but reads no uploads
 * (JOB_CONCURRENCY=0), and an upload's reply never waits for its job, so what it stores stays
 * `processing` until a worker instance is started beside it. Nothing here depends on how fast the machine is.
 */
let front: TestApp & { databaseUrl: string };
beforeAll(async () => {
  front = await createTestApp({ JOB_CONCURRENCY: '0' });
});
afterAll(async () => front.close());

const upload = (
  app: TestApp['app'],
  auth: Record<string, string>,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) => {
  const { payload, headers } = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/content/upload',
    headers: { ...auth, ...headers },
    payload,
  });
};
/** The item, or undefined once it is gone (replaced by a newer syllabus, deleted). */
const get = async (app: TestApp['app'], auth: Record<string, string>, id: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/content/${id}`, headers: auth });
  return res.statusCode === 404
    ? undefined
    : (res.json() as { data: { content: Item } }).data.content;
};

/** Polls until the item leaves `processing`; the deadline only bounds a broken run. */
async function settled(app: TestApp['app'], auth: Record<string, string>, id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const item = await get(app, auth, id);
    if (item?.status !== 'processing' || Date.now() > deadline) return item;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function teacherWithClass(app: TestApp['app']) {
  const teacher = await subscribedTeacher(app);
  return { ...teacher, cls: await createClass(app, teacher.auth) };
}

describe('uploads are stored, then read by a job', () => {
  it('answers processing at once; answers use the file only when a worker has read it', async () => {
    const { auth, cls } = await teacherWithClass(front.app);
    const res = await upload(
      front.app,
      auth,
      { class_id: cls.id, content_type: 'syllabus', title: 'Syllabus' },
      { name: 'notes.txt', data: fixture('notes.txt') },
    );
    expect(res.statusCode, res.body).toBe(202);
    const queued = (res.json() as { data: { content: Item } }).data.content;
    expect(queued).toMatchObject({ status: 'processing', status_reason: null, content: null });

    const list = await front.app.inject({
      method: 'GET',
      url: `/api/content/class/${cls.id}`,
      headers: auth,
    });
    expect((list.json() as { data: { contents: Item[] } }).data.contents).toMatchObject([
      { id: queued.id, status: 'processing' },
    ]);
    // not counted, not editable, nothing for answers to read
    const stats = await front.app.inject({
      method: 'GET',
      url: `/api/content/stats/${cls.id}`,
      headers: auth,
    });
    expect(stats.json()).toMatchObject({ data: { total_items: 0, has_syllabus: false } });
    const edit = await front.app.inject({
      method: 'PUT',
      url: `/api/content/${queued.id}`,
      headers: auth,
      payload: { content: 'Edited while processing' },
    });
    expect(edit.statusCode).toBe(409);
    expect(
      await front.db
        .selectFrom('content_chunks')
        .select('id')
        .where('class_id', '=', cls.id)
        .execute(),
    ).toHaveLength(0);

    // a worker instance on the same database picks the job up
    const worker = await startTestInstance(front.databaseUrl);
    try {
      const ready = (await settled(front.app, auth, queued.id))!;
      expect(ready.status).toBe('ready');
      expect(ready.word_count).toBeGreaterThan(10);
      expect(ready.content).toContain(fixture('notes.txt').toString('utf8').trim().slice(0, 40));
      expect(
        await front.db
          .selectFrom('content_chunks')
          .select('id')
          .where('class_id', '=', cls.id)
          .execute(),
      ).not.toHaveLength(0);
      // the stored bytes are gone once read
      expect(await front.db.selectFrom('uploads').select('id').execute()).toHaveLength(0);
    } finally {
      await worker.close();
    }
  });

  it('a file that fails later stays failed with its reason until the teacher deletes it', async () => {
    const { auth, cls } = await teacherWithClass(front.app);
    const res = await upload(
      front.app,
      auth,
      { class_id: cls.id, content_type: 'additional' },
      { name: 'damaged.pdf', data: fixture('damaged.pdf') },
    );
    const queued = (res.json() as { data: { content: Item } }).data.content;
    const worker = await startTestInstance(front.databaseUrl);
    try {
      const failed = (await settled(front.app, auth, queued.id))!;
      expect(failed.status).toBe('failed');
      expect(failed.status_reason).toMatch(/damaged|could not be read/i);
      const del = await front.app.inject({
        method: 'DELETE',
        url: `/api/content/${queued.id}`,
        headers: auth,
      });
      expect(del.statusCode).toBe(200);
    } finally {
      await worker.close();
    }
  });

  it('syllabus uploads sent at once leave exactly one ready syllabus, with no error', async () => {
    const { auth, cls } = await teacherWithClass(front.app);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(
          front.app,
          auth,
          { class_id: cls.id, content_type: 'syllabus', title: `Syllabus ${i}` },
          { name: 'notes.txt', data: fixture('notes.txt') },
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
    const worker = await startTestInstance(front.databaseUrl, { JOB_CONCURRENCY: '3' });
    try {
      for (const r of replies) {
        await settled(front.app, auth, (r.json() as { data: { content: Item } }).data.content.id);
      }
      const syllabi = await front.db
        .selectFrom('contents')
        .select(['title', 'status'])
        .where('class_id', '=', cls.id)
        .where('content_type', '=', 'syllabus')
        .execute();
      expect(syllabi).toHaveLength(1);
      expect(syllabi[0]!.status).toBe('ready');
    } finally {
      await worker.close();
    }
  });
});

describe('an upload is refused before its file is read', () => {
  it("another teacher's class: 404, and nothing of the file is stored", async () => {
    const { cls } = await teacherWithClass(front.app);
    const stranger = await subscribedTeacher(front.app);
    const res = await upload(
      front.app,
      stranger.auth,
      { class_id: cls.id, content_type: 'additional' },
      { name: 'notes.txt', data: Buffer.alloc(5 * 1024 * 1024, 'a') },
    );
    expect(res.statusCode).toBe(404);
    expect(await front.db.selectFrom('uploads').select('id').execute()).toHaveLength(0);
  });

  it('a declared size over the limit: 413 before any of the body is sent', async () => {
    const { auth } = await teacherWithClass(front.app);
    await front.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = front.app.server.address() as AddressInfo;
    const reply = await new Promise<{ status: number; body: string; connection?: string }>(
      (resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/content/upload',
          headers: {
            ...auth,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(60 * 1024 * 1024),
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({
              status: res.statusCode ?? 0,
              body: text,
              connection: res.headers.connection,
            });
          });
        });
        req.on('error', reject);
        req.flushHeaders(); // headers only: the body is never sent
      },
    );
    expect(reply.status).toBe(413);
    expect(reply.connection).toBe('close');
    expect(JSON.parse(reply.body)).toEqual({
      success: false,
      detail: 'File size must be less than 50MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});
