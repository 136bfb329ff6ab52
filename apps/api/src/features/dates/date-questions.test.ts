import { describe, expect, it } from 'vitest';
import type { FactSheetEntry } from '../facts/facts.service.ts';
import { answerDateQuestion, daysAsked, readDateQuestion } from './date-questions.ts';
import { datedItemsOf } from './dated-items.ts';

const TERM = { start: '2026-08-25', end: '2026-12-15' };
/** a Wednesday */
const TODAY = '2026-10-14';

let n = 0;
function fact(
  kind: 'exam' | 'key_date',
  subject: string,
  value: string,
  origin: 'extracted' | 'teacher' = 'extracted',
): FactSheetEntry {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind,
    subject,
    attribute: 'date',
    value,
    origin,
    sourceText: origin === 'teacher' ? null : `${value}: ${subject}`,
    contentId: origin === 'teacher' ? null : '11111111-1111-4111-8111-111111111111',
    contentTitle: origin === 'teacher' ? null : 'Syllabus',
    contentType: origin === 'teacher' ? null : 'syllabus',
    chunkId: null,
  };
}

const SHEET = [
  fact('key_date', 'Essay 2 due', 'Oct 16'),
  fact('key_date', 'Problem set 5 due', 'Oct 14'),
  fact('exam', 'Midterm 2', 'Oct 22'),
  fact('key_date', 'Fall break: no class', 'Oct 19'),
  fact('exam', 'Final exam', 'Dec 12'),
  fact('key_date', 'Reading response due', 'Oct 15'),
  fact('key_date', 'Project proposal due', 'Sep 30'),
];
const items = datedItemsOf(SHEET, TERM, 2026);
const ask = (text: string) => {
  const q = readDateQuestion(text);
  if (!q) throw new Error(`not a date question: ${text}`);
  return answerDateQuestion(q, items, TODAY);
};

describe('readDateQuestion', () => {
  it('reads what is asked about and when', () => {
    expect(readDateQuestion("what's due this week?")).toMatchObject({
      kind: 'this_week',
      only: ['due', 'exam'],
    });
    expect(readDateQuestion('when is the next exam?')).toMatchObject({ kind: 'next_exam' });
    expect(readDateQuestion('is there class on Monday?')).toMatchObject({
      kind: 'weekday',
      only: ['no_class'],
      weekday: 1,
    });
    expect(readDateQuestion("what's due tomorrow")).toMatchObject({
      kind: 'tomorrow',
      only: ['due', 'exam'],
    });
    expect(readDateQuestion('anything happening next week?')).toMatchObject({
      kind: 'next_week',
      only: null,
    });
    expect(readDateQuestion('any quizzes today')).toMatchObject({ kind: 'today', only: ['exam'] });
  });

  it('leaves questions that are not about the calendar to the engine', () => {
    for (const text of [
      'when are office hours on monday',
      'how much is the final worth',
      'when is the final exam',
      'what is the late policy',
      'what textbook do we need this week',
      // a way to do something, not what is on the calendar
      "i'll miss class friday, how do i turn in my homework",
      'how much is due this week worth',
    ])
      expect(readDateQuestion(text), text).toBeNull();
  });

  it('counts the days from today, a week Monday to Sunday', () => {
    const q = (t: string) => daysAsked(readDateQuestion(t)!, TODAY);
    expect(q("what's due this week")).toEqual({ from: '2026-10-14', to: '2026-10-18' });
    expect(q("what's due next week")).toEqual({ from: '2026-10-19', to: '2026-10-25' });
    expect(q('is there class on wednesday')).toEqual({ from: '2026-10-14', to: '2026-10-14' });
    expect(q('is there class next wednesday')).toEqual({ from: '2026-10-21', to: '2026-10-21' });
    expect(q("what's due tomorrow")).toEqual({ from: '2026-10-15', to: '2026-10-15' });
  });
});

describe('answerDateQuestion', () => {
  it("what's due this week: the items of the rest of the week, in the material's words", () => {
    const reply = ask("what's due this week?");
    expect(reply.kind).toBe('excerpt');
    expect(reply.response).toBe(
      'Due, and exams, from Wed, Oct 14 to Sun, Oct 18, as your course material gives it:\n' +
        '> Oct 14: Problem set 5 due\n> Oct 15: Reading response due\n> Oct 16: Essay 2 due',
    );
    expect(reply.citations.map((c) => c.excerpt)).toEqual([
      'Oct 14: Problem set 5 due',
      'Oct 15: Reading response due',
      'Oct 16: Essay 2 due',
    ]);
    expect(reply.sourceType).toBe('syllabus');
  });

  it("what's due next week counts the exams too", () => {
    const reply = ask("what's due next week");
    expect(reply.response).toContain('Oct 22: Midterm 2');
    expect(reply.response).not.toContain('Fall break');
  });

  it('the next exam, a day without class, and nothing on a day', () => {
    expect(ask('when is the next exam?').response).toContain('Oct 22: Midterm 2');
    expect(ask('is there class on Monday?').response).toContain('Oct 19: Fall break: no class');
    const none = ask('is there class on Tuesday?');
    expect(none).toMatchObject({
      kind: 'none',
      sourceType: 'other',
      response: 'Nothing in the course material says class is cancelled on Tue, Oct 20.',
    });
    expect(ask("what's due tomorrow").response).toContain('Oct 15: Reading response due');
  });

  it("a teacher's own dates are stated as an answer", () => {
    const own = datedItemsOf(
      [fact('key_date', 'Lab report due', '2026-10-15', 'teacher')],
      TERM,
      2026,
    );
    const q = readDateQuestion("what's due this week")!;
    expect(answerDateQuestion(q, own, TODAY)).toMatchObject({
      kind: 'answer',
      response: 'Due, and exams, from Wed, Oct 14 to Sun, Oct 18:\nThu, Oct 15: Lab report due',
    });
  });
});

describe('datedItemsOf', () => {
  it('a line about an exam’s review is the review, not the exam', () => {
    const review = {
      ...fact('exam', 'Midterm exam', '13 Mar'),
      sourceText: '13 Mar. Mid-term Review in class.',
    };
    const [item] = datedItemsOf([review], { start: '2025-01-12', end: '2025-05-08' }, 2025);
    expect(item).toMatchObject({ date: '2025-03-13', kind: 'event', title: 'Midterm exam review' });
  });

  it('kinds from the facts, in date order, dates the material does not give left out', () => {
    const list = datedItemsOf([...SHEET, fact('key_date', 'Paper due', 'TBA')], TERM, 2026);
    expect(list.map((i) => [i.date, i.kind])).toEqual([
      ['2026-09-30', 'due'],
      ['2026-10-14', 'due'],
      ['2026-10-15', 'due'],
      ['2026-10-16', 'due'],
      ['2026-10-19', 'no_class'],
      ['2026-10-22', 'exam'],
      ['2026-12-12', 'exam'],
    ]);
  });
});
