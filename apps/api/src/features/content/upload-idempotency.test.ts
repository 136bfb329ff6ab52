import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { postUpload, settledItem } from '../../../test/uploads.ts';
import { pruneExpiredRows, DEFAULT_RETENTION } from '../housekeeping/housekeeping.ts';
import { HousekeepingRepository } from '../housekeeping/housekeeping.repository.ts';

/**
 * An upload with an Idempotency-Key: a client that retries an upload whose
 * reply it lost gets the first upload's item, and the file is stored once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const file = (text = 'Office hours are Tuesdays 2-4 pm in Room 210.') => ({
  name: 'notes.txt',
  data: Buffer.from(text),
});
const itemOf = (res: { json(): unknown }) =>
  (res.json() as { data: { content: ContentItem } }).data.content;
const itemsOf = async (classId: string) =>
  t.db.selectFrom('contents').select('id').where('class_id', '=', classId).execute();
/** Stored files not (yet) attached to an item: a discarded retry leaves none behind. */
const looseUploads = async () =>
  (await t.db.selectFrom('uploads').select('id').where('content_id', 'is', null).execute()).length;

async function teacherWithClass() {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth);
  return { ...teacher, cls };
}
const fields = (classId: string) => ({ class_id: classId, content_type: 'content' });

describe('POST /api/content/upload with an Idempotency-Key', () => {
  it('answers a retry with the first upload, its id and its status now, storing nothing new', async () => {
    const { auth, cls } = await teacherWithClass();
    const key = { 'idempotency-key': randomUUID() };
    const first = await postUpload(t.app, auth, fields(cls.id), file(), key);
    expect(first.statusCode).toBe(202);
    const ready = await settledItem(t.app, auth, itemOf(first).id);
    expect(ready?.status).toBe('ready');

    const retry = await postUpload(t.app, auth, fields(cls.id), file('Another text'), key);
    expect(retry.statusCode).toBe(202);
    expect(itemOf(retry)).toMatchObject({ id: itemOf(first).id, status: 'ready', content: null });
    expect(await itemsOf(cls.id)).toHaveLength(1);
    expect(await looseUploads()).toBe(0);

    // the fields after the file: the retry is known only once its file is stored, then discarded
    const { payload, headers } = multipartBody(fields(cls.id), file(), { fileFirst: true });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { ...auth, ...headers, ...key },
      payload,
    });
    expect(late.statusCode).toBe(202);
    expect(itemOf(late).id).toBe(itemOf(first).id);
    expect(await itemsOf(cls.id)).toHaveLength(1);
    expect(await looseUploads()).toBe(0);
  });

  it('makes one item of six concurrent requests with the same key', async () => {
    const { auth, cls } = await teacherWithClass();
    const key = { 'idempotency-key': randomUUID() };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => postUpload(t.app, auth, fields(cls.id), file(), key)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(new Set(replies.map((r) => itemOf(r).id)).size).toBe(1);
    expect(await itemsOf(cls.id)).toHaveLength(1);
    expect(await looseUploads()).toBe(0);
    // …and without a key, two identical uploads are two items, as before
    await postUpload(t.app, auth, fields(cls.id), file());
    await postUpload(t.app, auth, fields(cls.id), file());
    expect(await itemsOf(cls.id)).toHaveLength(3);
  });

  it("keeps one teacher's key apart from another's, and refuses a key reused for another class", async () => {
    const a = await teacherWithClass();
    const b = await teacherWithClass();
    const key = { 'idempotency-key': 'shared-key-0001' };
    const fromA = await postUpload(t.app, a.auth, fields(a.cls.id), file(), key);
    const fromB = await postUpload(t.app, b.auth, fields(b.cls.id), file(), key);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([202, 202]);
    expect(itemOf(fromA).id).not.toBe(itemOf(fromB).id);

    const other = await createClass(t.app, a.auth);
    const reused = await postUpload(t.app, a.auth, fields(other.id), file(), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await itemsOf(other.id)).toHaveLength(0);
  });

  it('refuses a key that is not 8 to 128 visible ASCII characters with 422, storing nothing', async () => {
    const { auth, cls } = await teacherWithClass();
    for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'naïve-key-1']) {
      const res = await postUpload(t.app, auth, fields(cls.id), file(), {
        'idempotency-key': bad,
      });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().detail[0].loc).toEqual(['headers', 'idempotency-key']);
    }
    expect(await itemsOf(cls.id)).toHaveLength(0);
    expect(await looseUploads()).toBe(0);
  });

  it('lets a key name a new upload once its item is deleted or its window has passed', async () => {
    const { auth, cls } = await teacherWithClass();
    const key = { 'idempotency-key': randomUUID() };
    const first = await postUpload(t.app, auth, fields(cls.id), file(), key);
    await settledItem(t.app, auth, itemOf(first).id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/content/${itemOf(first).id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(200);
    const second = await postUpload(t.app, auth, fields(cls.id), file(), key);
    expect(second.statusCode).toBe(202);
    expect(itemOf(second).id).not.toBe(itemOf(first).id);

    // a day later the key is free again, and housekeeping deletes it
    await t.db
      .updateTable('upload_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('content_id', '=', itemOf(second).id)
      .execute();
    const third = await postUpload(t.app, auth, fields(cls.id), file(), key);
    expect(itemOf(third).id).not.toBe(itemOf(second).id);
    await t.db
      .updateTable('upload_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('content_id', '=', itemOf(third).id)
      .execute();
    const pruned = await pruneExpiredRows(new HousekeepingRepository(t.db), DEFAULT_RETENTION);
    expect(pruned.upload_keys).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('upload_keys')
      .select('key')
      .where('content_id', '=', itemOf(third).id)
      .execute();
    expect(left).toHaveLength(0);
  });
});
