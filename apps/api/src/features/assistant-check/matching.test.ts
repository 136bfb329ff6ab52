import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { AssistantCheckRepository } from './assistant-check.repository.ts';
import { classWordsOf, matchingQuestion, sameQuestionScore, type Wording } from './matching.ts';
import { STANDARD_QUESTIONS } from './standard-questions.ts';

let t: TestApp;
let repo: AssistantCheckRepository;

beforeAll(async () => {
  t = await createTestApp();
  repo = new AssistantCheckRepository(t.db);
});
afterAll(async () => t?.close());

const wordings = async (...questions: string[]): Promise<Wording[]> => {
  const keys = await repo.groupKeys(questions);
  return questions.map((question, i) => ({ question, questionKey: keys[i]! }));
};

/**
 * The same question in other words: a student's wording, and the checked one it asks. Wordings
 * that share less of what they are about ("is attendance mandatory" for "Is attendance
 * required?") are not matched: they go to the engine, as any question does (precision first).
 */
const SAME: [string, string][] = [
  ['what time are office hours', 'When are the office hours?'],
  ["when are eric's office hours", 'When are the office hours?'],
  ["when's the final", 'When is the final exam?'],
  ['What date is the final exam?', 'When is the final exam?'],
  ['is there any extra credit', 'Is there extra credit?'],
  // "book" and "textbook" name one concept (concepts.ts)
  ['what book do we need', 'What textbook do I need?'],
  ['what books do i need for this class', 'What textbook do I need?'],
  ['which book do i need', 'What textbook do I need?'],
  // "lecture" and "meet" name one concept; "room" is the kind of answer asked
  ['what room is the lecture in', 'When and where does the class meet?'],
  ["what are the professor's office hours?", 'When are the office hours?'],
  // "are there any…" asks for them, as "what are…" does
  ['are there any prereqs', 'What are the prerequisites for this class?'],
  ['what are the prerequisites', 'What are the prerequisites for this class?'],
  ['how do i submit assignments', 'How do I submit my assignments?'],
  ['when is the last day to drop', 'When is the last day to drop the class?'],
  // a question asking for no kind of answer in particular is answered as a whole
  ['where do i go for disability accommodations', 'How do I get accommodations for a disability?'],
  [
    'who do i contact to get disability accommodations',
    'How do I get accommodations for a disability?',
  ],
];

/** Close in words, but another question: a checked answer to one must not answer the other. */
const DIFFERENT: [string, string][] = [
  ['where are office hours', 'When are the office hours?'],
  // asks for a person as well
  ['who is the TA and when are their office hours', 'When are the office hours?'],
  ['how do i record that i participated in office hours', 'When are the office hours?'],
  // "midterm" and "final" name different exams (distinctWords, concepts.ts)
  ['when is the midterm', 'When is the final exam?'],
  ['whens the midterm', 'When is the final exam?'],
  ['is the final exam cumulative', 'When is the final exam?'],
  ['how much is the final exam worth', 'When is the final exam?'],
  ['which calculator should i get for exams', 'When are the exams?'],
  ['where is the instructor’s office', 'How do I contact the instructor?'],
  ['is there a curve', 'Is there extra credit?'],
  ['is the textbook required', 'What textbook do I need?'],
];

describe('sameQuestionScore', () => {
  it.each(SAME)('"%s" asks "%s"', async (student, checked) => {
    const [a, b] = await wordings(student, checked);
    expect(sameQuestionScore(a!, b!)).toBeGreaterThan(0);
  });

  it.each(DIFFERENT)('"%s" does not ask "%s"', async (student, checked) => {
    const [a, b] = await wordings(student, checked);
    expect(sameQuestionScore(a!, b!)).toBe(0);
  });
});

describe('matchingQuestion against the standard list', () => {
  it('leaves out the class’s own name and code', async () => {
    const [asked, checked] = await wordings(
      'when is the final exam for biological data science',
      'When is the final exam?',
    );
    const [classKey] = await repo.groupKeys(['BDS 311 Biological Data Science']);
    expect(sameQuestionScore(asked!, checked!)).toBe(0);
    expect(sameQuestionScore(asked!, checked!, classWordsOf(classKey!))).toBeGreaterThan(0);
  });

  it('picks the closest standard question, or none', async () => {
    const standard = await wordings(...STANDARD_QUESTIONS.map((q) => q.question));
    const match = async (q: string) =>
      matchingQuestion((await wordings(q))[0]!, standard)?.question ?? null;
    expect(await match("when's the final exam")).toBe('When is the final exam?');
    expect(await match('when are the exams')).toBe('When are the exams?');
    // both the exams and the final exam are about it: the final is closer
    expect(await match('what date is the final exam')).toBe('When is the final exam?');
    expect(await match('who won the world cup')).toBeNull();
    expect(await match('when is the midterm')).toBeNull();
  });

  it('every standard question matches itself and no other', async () => {
    const standard = await wordings(...STANDARD_QUESTIONS.map((q) => q.question));
    for (const s of standard) expect(matchingQuestion(s, standard)).toBe(s);
  });
});
