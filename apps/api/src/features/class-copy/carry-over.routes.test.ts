import {
  CARRY_OVER_MESSAGES,
  type AssistantCheck,
  type ClassCarryOverReply,
  type CourseFact,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { askAsStudent, createClass, subscribedTeacher } from '../../../test/factories.ts';
import { factsServiceOf } from '../../../test/services.ts';
import { AssistantCheckRepository } from '../assistant-check/assistant-check.repository.ts';
import { CarryOverRepository } from './carry-over.repository.ts';
import { CarryOverService } from './carry-over.service.ts';

const SYLLABUS = `# PSYC 210: Research Methods

## Instructor
Dr. Maria Lopez, maria.lopez@uni.test

## Office Hours
Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.

## Exams
The midterm exam is on October 14. The final exam is on December 12 at 9:00 AM.

## Late Work
Late assignments lose 10% per day and are not accepted after three days.`;

const READING_LIST = '# Reading list\n\nChapter 1 of Research Methods in Psychology.';
const ANSWERED = 'Can we bring a calculator to the midterm?';
const ANSWER = 'Yes, a non-graphing calculator is allowed.';

let t: TestApp;

type Teacher = { auth: Record<string, string> };
type Json = Record<string, unknown>;

const call = (
  teacher: Teacher | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: Json,
) => t.app.inject({ method, url, headers: teacher?.auth ?? {}, ...(payload ? { payload } : {}) });

async function ok(
  teacher: Teacher,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: Json,
) {
  const res = await call(teacher, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { data: unknown };
}

const facts = async (teacher: Teacher, classId: string) =>
  ((await ok(teacher, 'GET', `/api/classes/${classId}/facts`)).data as { facts: CourseFact[] })
    .facts;

const checks = async (teacher: Teacher, classId: string) =>
  (await ok(teacher, 'GET', `/api/classes/${classId}/assistant-check`)).data as AssistantCheck;

type Item = { id: string; title: string; content_type: string; status: string };
const contents = async (teacher: Teacher, classId: string) =>
  ((await ok(teacher, 'GET', `/api/content/class/${classId}`)).data as { contents: Item[] })
    .contents;

const addSyllabus = (teacher: Teacher, classId: string) =>
  ok(teacher, 'POST', '/api/content/syllabus', {
    class_id: classId,
    title: 'Syllabus',
    content: SYLLABUS,
  });

/** What the web's Copy Class does before the carry-over: each other ready item, as text. */
async function copyOtherItems(teacher: Teacher, from: string, to: string) {
  for (const item of await contents(teacher, from)) {
    if (item.content_type === 'syllabus') continue;
    const { content } = (await ok(teacher, 'GET', `/api/content/${item.id}`)).data as {
      content: { title: string; content: string; content_type: string };
    };
    await ok(teacher, 'POST', '/api/content', {
      class_id: to,
      title: content.title,
      content: content.content,
      content_type: content.content_type,
    });
  }
}

const carryOver = (teacher: Teacher | null, to: string, payload: Json) =>
  call(teacher, 'POST', `/api/classes/${to}/carry-over`, payload);

const ask = (chatUuid: string, question: string) => askAsStudent(t.app, chatUuid, question);

/**
 * A class its teacher has worked on: an e-mail corrected, the final exam hidden, a fact added,
 * a question answered, and four checks (confirmed, edited, not covered, a question of their own).
 */
async function workedClass() {
  const teacher = await subscribedTeacher(t.app);
  const cls = await createClass(t.app, teacher.auth);
  await addSyllabus(teacher, cls.id);
  await ok(teacher, 'POST', '/api/content', {
    class_id: cls.id,
    title: 'Reading list',
    content: READING_LIST,
    content_type: 'additional',
  });
  const extracted = await facts(teacher, cls.id);
  const email = extracted.find((f) => f.value === 'maria.lopez@uni.test')!;
  const final = extracted.find((f) => f.kind === 'exam' && /December 12/.test(f.value))!;
  expect(email && final).toBeTruthy();
  await ok(teacher, 'PATCH', `/api/classes/${cls.id}/facts/${email.id}`, {
    value: 'mlopez@uni.test',
  });
  await ok(teacher, 'DELETE', `/api/classes/${cls.id}/facts/${final.id}`);
  await ok(teacher, 'POST', `/api/classes/${cls.id}/facts`, {
    kind: 'policy',
    subject: 'Course',
    attribute: 'phones',
    value: 'Phones stay in bags during exams.',
  });
  await ok(teacher, 'POST', `/api/chat/unanswered/${cls.id}/answer`, {
    question: ANSWERED,
    answer: ANSWER,
    conversation_ids: [],
  });
  const base = `/api/classes/${cls.id}/assistant-check`;
  await ok(teacher, 'PUT', `${base}/office_hours`, { status: 'confirmed' });
  await ok(teacher, 'PUT', `${base}/late_work`, {
    status: 'edited',
    answer: 'Late work loses 10% a day; after three days it is not accepted.',
  });
  await ok(teacher, 'PUT', `${base}/textbook`, { status: 'not_covered' });
  await ok(teacher, 'POST', base, { question: 'Is there a field trip?' });
  return { teacher, cls, email, final };
}

/** A new class of the same teacher with the syllabus copied (and, if asked, the other items). */
async function copyOf(teacher: Teacher, from: string, withOthers = true) {
  const copy = await createClass(t.app, teacher.auth, { class_name: 'Research Methods - Copy' });
  await addSyllabus(teacher, copy.id);
  if (withOthers) await copyOtherItems(teacher, from, copy.id);
  return copy;
}

/** Facts as a teacher reads them: what each is, its value, and whether it is hidden. */
const shown = (list: CourseFact[]) =>
  list
    .filter((f) => f.overridden_by === null || f.status === 'hidden')
    .map((f) => `${f.kind}|${f.attribute}|${f.value}|${f.status}|${f.origin}`)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('POST /api/classes/{id}/carry-over', () => {
  it("copies the teacher's corrections, hidden facts, additions, answers and checks", async () => {
    const { teacher, cls } = await workedClass();
    const copy = await copyOf(teacher, cls.id);
    const before = await facts(teacher, copy.id);
    // without the carry-over the hidden fact is back and the teacher's fact is missing
    expect(before.some((f) => /December 12/.test(f.value) && f.status === 'active')).toBe(true);
    expect(before.some((f) => f.attribute === 'phones')).toBe(false);

    const res = await carryOver(teacher, copy.id, { from_class_id: cls.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data as ClassCarryOverReply).toEqual({
      facts: 3,
      teacher_answers: 1,
      checks: 4,
    });

    expect(shown(await facts(teacher, copy.id))).toEqual(shown(await facts(teacher, cls.id)));
    const after = await facts(teacher, copy.id);
    expect(after.find((f) => /December 12/.test(f.value))?.status).toBe('hidden');
    expect(after.some((f) => f.value === 'mlopez@uni.test')).toBe(true);

    const original = await checks(teacher, cls.id);
    const copied = await checks(teacher, copy.id);
    const statuses = (c: AssistantCheck) =>
      c.items.map((i) => [i.question, i.status, i.answer] as const);
    expect(statuses(copied)).toEqual(statuses(original));
    expect(copied.checked).toBe(original.checked);

    // the answer stays on the item Copy Class copied: no second item of it
    const items = await contents(teacher, copy.id);
    expect(items.filter((i) => i.title === ANSWERED)).toHaveLength(1);
    // students of the copy are given the teacher's answer and the checked ones
    expect((await ask(copy.chat_uuid, ANSWERED)).response).toContain(ANSWER);
    expect((await ask(copy.chat_uuid, 'when are office hours?')).response).toBe(
      'Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.',
    );
  });

  it('a copy without the other items still gets the teacher answers, as their own items', async () => {
    const { teacher, cls } = await workedClass();
    const copy = await copyOf(teacher, cls.id, false);
    const res = await carryOver(teacher, copy.id, {
      from_class_id: cls.id,
      copy_additional: false,
    });
    expect(res.statusCode).toBe(200);
    const items = await contents(teacher, copy.id);
    expect(items.map((i) => i.title).sort()).toEqual([ANSWERED, 'Syllabus']);
    expect((await ask(copy.chat_uuid, ANSWERED)).response).toContain(ANSWER);
  });

  it('corrections made before the syllabus is read take hold when it is', async () => {
    const { teacher, cls } = await workedClass();
    const copy = await createClass(t.app, teacher.auth);
    expect((await carryOver(teacher, copy.id, { from_class_id: cls.id })).statusCode).toBe(200);
    await addSyllabus(teacher, copy.id);
    const after = await facts(teacher, copy.id);
    expect(after.find((f) => /December 12/.test(f.value))?.status).toBe('hidden');
    expect(after.find((f) => f.value === 'maria.lopez@uni.test')?.overridden_by).not.toBeNull();
    // a confirmed answer whose passage had no item yet is confirmed again by the syllabus
    const item = (await checks(teacher, copy.id)).items.find((i) => i.id === 'office_hours');
    expect(item?.status).toBe('confirmed');
  });

  it('happens once: a second or doubled request is a 409 and copies nothing twice', async () => {
    const { teacher, cls } = await workedClass();
    const copy = await copyOf(teacher, cls.id);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => carryOver(teacher, copy.id, { from_class_id: cls.id })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const refused = replies.find((r) => r.statusCode === 409)!.json();
    expect(refused).toEqual({
      success: false,
      code: 'CONFLICT',
      detail: CARRY_OVER_MESSAGES.alreadyCarried,
    });
    expect((await facts(teacher, copy.id)).filter((f) => f.attribute === 'phones')).toHaveLength(1);
    const again = await carryOver(teacher, copy.id, { from_class_id: cls.id });
    expect(again.statusCode).toBe(409);
  });

  it("another teacher's classes are 404, either way", async () => {
    const { teacher, cls } = await workedClass();
    const other = await subscribedTeacher(t.app);
    const theirs = await createClass(t.app, other.auth);
    const mine = await createClass(t.app, teacher.auth);
    const into = await carryOver(other, theirs.id, { from_class_id: cls.id });
    expect(into.statusCode).toBe(404);
    const from = await carryOver(other, cls.id, { from_class_id: theirs.id });
    expect(from.statusCode).toBe(404);
    expect(from.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    // nothing of the teacher's reached the other teacher's class
    expect((await facts(other, theirs.id)).length).toBe(0);
    expect((await carryOver(teacher, mine.id, { from_class_id: cls.id })).statusCode).toBe(200);
  });

  it('refuses bad input in the error shape', async () => {
    const { teacher, cls } = await workedClass();
    const self = await carryOver(teacher, cls.id, { from_class_id: cls.id });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      detail: CARRY_OVER_MESSAGES.sameClass,
    });
    for (const payload of [
      {},
      { from_class_id: 'nope' },
      { from_class_id: cls.id, copy_additional: 'yes' },
    ]) {
      const res = await carryOver(teacher, cls.id, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect((await carryOver(null, cls.id, { from_class_id: cls.id })).statusCode).toBe(401);
  });

  it('a carry-over that fails part way leaves nothing claimed, and trying again finishes it', async () => {
    const { teacher, cls } = await workedClass();
    const copy = await copyOf(teacher, cls.id, false);
    const repo = new CarryOverRepository(t.db);
    const checkRepo = new AssistantCheckRepository(t.db);
    // the real repositories and services on the test database; making the answer's item fails
    const failing = new CarryOverService({
      repo,
      facts: factsServiceOf(t.db),
      checks: { carryOver: (trx, from, to) => checkRepo.copyChecks(trx, from, to) },
      classes: { requireOwned: async () => ({}) },
      createText: () => Promise.reject(new Error('the database went away')),
    });
    await expect(failing.carry('ignored', copy.id, { from_class_id: cls.id })).rejects.toThrow(
      'the database went away',
    );
    // no claim, no fact, no check: the copy is as it was
    expect((await facts(teacher, copy.id)).some((f) => f.origin === 'teacher')).toBe(false);
    expect((await checks(teacher, copy.id)).checked).toBe(0);
    const res = await carryOver(teacher, copy.id, {
      from_class_id: cls.id,
      copy_additional: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ facts: 3, teacher_answers: 1, checks: 4 });
  });
});
