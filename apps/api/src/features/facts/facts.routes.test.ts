import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseFact } from '@app/contracts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { uploadAndSettle } from '../../../test/uploads.ts';
import { FactsRepository } from './facts.repository.ts';
import { loadFactSheet } from './facts.service.ts';

let t: TestApp;
/** The fact sheet answers read. */
const factSheet = (classId: string) => loadFactSheet(new FactsRepository(t.db), classId);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NO_ID = '00000000-0000-4000-8000-000000000000';

const SYLLABUS = [
  '# BIO 540 Syllabus',
  '',
  'Instructor: Dr. Jane Roe',
  'Office: THM 216',
  'Email: jroe@uni.edu',
  '',
  '## Grading',
  '',
  'Component | Weight',
  'Homework | 40%',
  'Final exam | 60%',
].join('\n');

const SYLLABUS_V2 = SYLLABUS.replace('Homework | 40%', 'Homework | 45%').replace('60%', '55%');

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Json,
) => t.app.inject({ method, url, headers, payload });

async function teacherWithSyllabus(text = SYLLABUS) {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth);
  const content = await uploadSyllabus(teacher.auth, cls.id, text);
  return { ...teacher, cls, content };
}

async function uploadSyllabus(auth: Record<string, string>, classId: string, text: string) {
  const { item } = await uploadAndSettle(
    t.app,
    auth,
    { class_id: classId, content_type: 'syllabus', title: 'Syllabus' },
    { name: 'syllabus.txt', data: Buffer.from(text) },
  );
  expect(item.status).toBe('ready');
  return item;
}

async function listFacts(auth: Record<string, string>, classId: string) {
  const res = await call('GET', `/api/classes/${classId}/facts`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { facts: CourseFact[] } }>(res).data.facts;
}

const find = (facts: CourseFact[], subject: string, attribute: string) =>
  facts.filter((f) => f.subject === subject && f.attribute === attribute);

describe('facts routes need a token', () => {
  it.each([
    ['GET', `/api/classes/${NO_ID}/facts`],
    ['POST', `/api/classes/${NO_ID}/facts`],
    ['PATCH', `/api/classes/${NO_ID}/facts/${NO_ID}`],
    ['DELETE', `/api/classes/${NO_ID}/facts/${NO_ID}`],
  ] as const)('%s %s', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('facts extracted at upload', () => {
  it('lists each fact with its source: content title, source text and chunk', async () => {
    const { auth, cls, content } = await teacherWithSyllabus();
    const facts = await listFacts(auth, cls.id);
    const office = find(facts, 'Dr. Jane Roe', 'office')[0]!;
    expect(office).toMatchObject({
      kind: 'staff',
      value: 'THM 216',
      origin: 'extracted',
      status: 'active',
      overridden_by: null,
      source: { content_id: content.id, content_title: 'Syllabus', text: 'Office: THM 216' },
    });
    const chunk = await t.db
      .selectFrom('content_chunks')
      .select('body')
      .where('id', '=', office.source!.chunk_id!)
      .executeTakeFirstOrThrow();
    expect(chunk.body).toContain('Office: THM 216');
    expect(find(facts, 'Homework', 'weight')[0]).toMatchObject({ kind: 'grading', value: '40%' });
  });

  it("another teacher's class is a 404 on every route", async () => {
    const { cls } = await teacherWithSyllabus();
    const other = await subscribedTeacher(t.app);
    const [fact] = await factSheet(cls.id);
    for (const [method, url, payload] of [
      ['GET', `/api/classes/${cls.id}/facts`, undefined],
      [
        'POST',
        `/api/classes/${cls.id}/facts`,
        { kind: 'staff', subject: 'X', attribute: 'role', value: 'TA' },
      ],
      ['PATCH', `/api/classes/${cls.id}/facts/${fact!.id}`, { value: 'Y' }],
      ['DELETE', `/api/classes/${cls.id}/facts/${fact!.id}`, undefined],
    ] as const) {
      const res = await call(method, url, other.auth, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(body(res)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('a fact of another class is a 404 in this one', async () => {
    const a = await teacherWithSyllabus();
    const otherClass = await createClass(t.app, a.auth, { class_name: 'Other' });
    const [fact] = await factSheet(a.cls.id);
    const res = await call('PATCH', `/api/classes/${otherClass.id}/facts/${fact!.id}`, a.auth, {
      value: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('teacher facts and corrections', () => {
  it('adds a teacher fact; bad input is a 422 with the error list', async () => {
    const { auth, cls } = await teacherWithSyllabus();
    const created = await call('POST', `/api/classes/${cls.id}/facts`, auth, {
      kind: 'staff',
      subject: 'Sam Lee',
      attribute: 'role',
      value: 'TA',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(body<{ data: { fact: CourseFact } }>(created).data.fact).toMatchObject({
      origin: 'teacher',
      status: 'active',
      source: null,
      value: 'TA',
    });
    for (const payload of [
      { kind: 'weather', subject: 'x', attribute: 'role', value: 'y' },
      { kind: 'staff', subject: '', attribute: 'role', value: 'y' },
      { kind: 'staff', subject: 'x', attribute: 'Not A Word', value: 'y' },
      { kind: 'staff', subject: 'x', attribute: 'role', value: 'y'.repeat(1001) },
    ]) {
      const res = await call('POST', `/api/classes/${cls.id}/facts`, auth, payload);
      expect(res.statusCode).toBe(422);
      expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const empty = await call('PATCH', `/api/classes/${cls.id}/facts/${NO_ID}`, auth, {});
    expect(empty.statusCode).toBe(422);
    const badId = await call('PATCH', `/api/classes/${cls.id}/facts/nope`, auth, { value: 'x' });
    expect(badId.statusCode).toBe(422);
  });

  it("a student gets an extracted fact quoted, and the teacher's confirmation makes it an answer", async () => {
    const { auth, cls } = await teacherWithSyllabus();
    const detail = await call('GET', `/api/classes/${cls.id}`, auth);
    const share = body<{ data: { chat_uuid: string } }>(detail).data.chat_uuid;
    const ask = async () =>
      body<{ data: { kind: string; response: string } }>(
        await t.app.inject({
          method: 'POST',
          url: `/api/chat/ask/${share}`,
          payload: { question: 'what is the email of the instructor?', student_identifier: null },
        }),
      ).data;
    const before = await ask();
    expect(before.kind).toBe('excerpt');
    expect(before.response).toContain('jroe@uni.edu');

    // confirming is correcting with the value as it stands
    const email = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'email')[0]!;
    const res = await call('PATCH', `/api/classes/${cls.id}/facts/${email.id}`, auth, {
      value: email.value,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await ask();
    expect(after.kind).toBe('answer');
    expect(after.response).toContain('jroe@uni.edu');
  });

  it('correcting an extracted fact overrides it; answers see the correction only', async () => {
    const { auth, cls } = await teacherWithSyllabus();
    const office = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'office')[0]!;
    const res = await call('PATCH', `/api/classes/${cls.id}/facts/${office.id}`, auth, {
      value: 'THM 316',
    });
    expect(res.statusCode, res.body).toBe(200);
    const correction = body<{ data: { fact: CourseFact } }>(res).data.fact;
    expect(correction).toMatchObject({
      origin: 'teacher',
      overrides_id: office.id,
      value: 'THM 316',
      subject: 'Dr. Jane Roe',
      kind: 'staff',
    });

    // correcting again edits the same correction
    const again = await call('PATCH', `/api/classes/${cls.id}/facts/${office.id}`, auth, {
      value: 'THM 318',
    });
    expect(body<{ data: { fact: CourseFact } }>(again).data.fact.id).toBe(correction.id);

    const listed = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'office');
    expect(listed.map((f) => [f.origin, f.status, f.value])).toEqual([
      ['extracted', 'overridden', 'THM 216'],
      ['teacher', 'active', 'THM 318'],
    ]);
    const sheet = (await factSheet(cls.id)).filter((f) => f.attribute === 'office');
    expect(sheet.map((f) => [f.origin, f.value])).toEqual([['teacher', 'THM 318']]);

    // editing the teacher fact itself
    const edited = await call('PATCH', `/api/classes/${cls.id}/facts/${correction.id}`, auth, {
      value: 'THM 320',
    });
    expect(body<{ data: { fact: CourseFact } }>(edited).data.fact.value).toBe('THM 320');

    // deleting the correction brings the extracted value back
    const del = await call('DELETE', `/api/classes/${cls.id}/facts/${correction.id}`, auth);
    expect(del.statusCode).toBe(200);
    const back = (await factSheet(cls.id)).filter((f) => f.attribute === 'office');
    expect(back.map((f) => [f.origin, f.value])).toEqual([['extracted', 'THM 216']]);
  });

  it('deleting an extracted fact hides it', async () => {
    const { auth, cls } = await teacherWithSyllabus();
    const email = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'email')[0]!;
    const res = await call('DELETE', `/api/classes/${cls.id}/facts/${email.id}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    const listed = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'email');
    expect(listed.map((f) => [f.origin, f.status])).toEqual([['extracted', 'hidden']]);
    expect((await factSheet(cls.id)).some((f) => f.attribute === 'email')).toBe(false);
    // the hiding marker is nothing the teacher can address
    const marker = await t.db
      .selectFrom('course_facts')
      .select('id')
      .where('overrides_id', '=', email.id)
      .executeTakeFirstOrThrow();
    const gone = await call('DELETE', `/api/classes/${cls.id}/facts/${marker.id}`, auth);
    expect(gone.statusCode).toBe(404);

    // restored (issue 31): active again, and answering reads it again
    const back = await call('PATCH', `/api/classes/${cls.id}/facts/${email.id}`, auth, {
      status: 'active',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.fact).toMatchObject({ id: email.id, status: 'active' });
    expect((await factSheet(cls.id)).some((f) => f.attribute === 'email')).toBe(true);
    const again = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'email');
    expect(again.map((f) => [f.origin, f.status])).toEqual([['extracted', 'active']]);
    // restoring an active fact changes nothing; a bad status is a 422
    expect(
      (await call('PATCH', `/api/classes/${cls.id}/facts/${email.id}`, auth, { status: 'active' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/classes/${cls.id}/facts/${email.id}`, auth, { status: 'hidden' }))
        .statusCode,
    ).toBe(422);
  });

  it('a fact filed under the wrong heading is corrected in every part', async () => {
    const { auth, cls } = await teacherWithSyllabus();
    const email = find(await listFacts(auth, cls.id), 'Dr. Jane Roe', 'email')[0]!;
    const res = await call('PATCH', `/api/classes/${cls.id}/facts/${email.id}`, auth, {
      kind: 'staff',
      subject: 'Teaching assistant',
      attribute: 'email',
      value: 'ta@uni.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fact).toMatchObject({
      origin: 'teacher',
      subject: 'Teaching assistant',
      value: 'ta@uni.test',
      overrides_id: email.id,
    });
  });
});

describe('re-extraction and deletion', () => {
  it('a new syllabus replaces extracted facts, keeps teacher facts and re-applies corrections', async () => {
    const { auth, cls, content } = await teacherWithSyllabus();
    const facts = await listFacts(auth, cls.id);
    const office = find(facts, 'Dr. Jane Roe', 'office')[0]!;
    await call('PATCH', `/api/classes/${cls.id}/facts/${office.id}`, auth, { value: 'THM 316' });
    await call('POST', `/api/classes/${cls.id}/facts`, auth, {
      kind: 'meeting',
      subject: 'Lab',
      attribute: 'place',
      value: 'JSB 347',
    });

    const v2 = await uploadSyllabus(auth, cls.id, SYLLABUS_V2);
    const after = await listFacts(auth, cls.id);
    expect(after.filter((f) => f.source?.content_id === content.id)).toEqual([]);
    expect(find(after, 'Homework', 'weight').map((f) => f.value)).toEqual(['45%']);
    expect(find(after, 'Lab', 'place').map((f) => f.origin)).toEqual(['teacher']);
    // the office is read again from the new syllabus and the correction still wins
    expect(find(after, 'Dr. Jane Roe', 'office').map((f) => [f.origin, f.status, f.value])).toEqual(
      [
        ['extracted', 'overridden', 'THM 216'],
        ['teacher', 'active', 'THM 316'],
      ],
    );
    expect(find(after, 'Dr. Jane Roe', 'office')[0]!.source!.content_id).toBe(v2.id);
  });

  it('editing the text re-extracts; deleting the content deletes its extracted facts only', async () => {
    const { auth, cls, content } = await teacherWithSyllabus();
    await call('POST', `/api/classes/${cls.id}/facts`, auth, {
      kind: 'policy',
      subject: 'late',
      attribute: 'summary',
      value: 'No late work.',
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/content/${content.id}`,
      headers: auth,
      payload: { content: SYLLABUS_V2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(find(await listFacts(auth, cls.id), 'Homework', 'weight').map((f) => f.value)).toEqual([
      '45%',
    ]);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/content/${content.id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(200);
    const left = await listFacts(auth, cls.id);
    expect(left.map((f) => [f.origin, f.subject])).toEqual([['teacher', 'late']]);
  });

  it('deleting the class deletes its facts', async () => {
    const { auth, cls } = await teacherWithSyllabus();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/classes/${cls.id}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('course_facts')
      .select('id')
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
