import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { ConversationsRepository } from './conversations.repository.ts';
import type { GroupScope } from './conversations.repository.ts';
import { groupQuestions as groupsOf } from './question-groups.ts';

let t: TestApp;
let classId: string;
let otherClassId: string;

const groupQuestions = (scope: GroupScope) => groupsOf(new ConversationsRepository(t.db), scope);

async function asked(cls: string, question: string, sourceType = 'other', minutesAgo = 0) {
  const row = await t.db
    .insertInto('conversations')
    .values({
      class_id: cls,
      question,
      response: 'The course material does not cover this.',
      source_type: sourceType as 'other',
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const teacher = await subscribedTeacher(t.app);
  classId = (await createClass(t.app, teacher.auth)).id;
  otherClassId = (await createClass(t.app, teacher.auth, { class_name: 'Other' })).id;
  await asked(classId, 'When is the midterm?', 'other', 30);
  await asked(classId, 'when is the MIDTERM', 'other', 20);
  await asked(classId, "When's the midterm exam?", 'other', 10);
  await asked(classId, 'Where is the midterm?', 'other', 5);
  await asked(classId, 'Is the midterm curved?', 'other', 4);
  await asked(classId, 'What?', 'other', 3);
  await asked(classId, 'what', 'other', 2);
  await asked(classId, 'How is the final grade calculated?', 'syllabus', 1);
  await asked(otherClassId, 'When is the midterm?', 'other', 1);
});
afterAll(() => t.close());

describe('groupQuestions', () => {
  it('groups the same question in other words, and keeps different asks apart', async () => {
    const groups = await groupQuestions({ classId, openUnansweredOnly: true, limit: 10 });
    const summary = groups.map((g) => [g.question, g.count]);
    expect(summary).toEqual([
      ["When's the midterm exam?", 3],
      ['what', 2],
      ['Is the midterm curved?', 1],
      ['Where is the midterm?', 1],
    ]);
    const midterm = groups[0]!;
    // the same words in another case or punctuation are one wording
    expect(midterm.variants).toEqual(['when is the MIDTERM']);
    expect(midterm.conversation_ids).toHaveLength(3);
    expect(midterm.last_asked_at).toBeInstanceOf(Date);
  });

  it('counts every question of the class when not limited to open unanswered ones', async () => {
    const groups = await groupQuestions({ classId, limit: 10 });
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(8);
    expect(groups.map((g) => g.question)).toContain('How is the final grade calculated?');
  });

  it('keeps only questions from the given source', async () => {
    const groups = await groupQuestions({ classId, sourceType: 'other', limit: 10 });
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(7);
    expect(groups.map((g) => g.question)).not.toContain('How is the final grade calculated?');
    const fromSyllabus = await groupQuestions({ classId, sourceType: 'syllabus', limit: 10 });
    expect(fromSyllabus.map((g) => [g.question, g.count])).toEqual([
      ['How is the final grade calculated?', 1],
    ]);
  });

  it('leaves out answered questions and questions before `since`', async () => {
    const since = new Date(Date.now() - 15 * 60_000);
    const groups = await groupQuestions({ classId, since, limit: 10 });
    expect(groups.find((g) => g.question.startsWith("When's"))?.count).toBe(1);
    const open = await groupQuestions({ classId, openUnansweredOnly: true, limit: 1 });
    expect(open).toHaveLength(1);
  });
});
