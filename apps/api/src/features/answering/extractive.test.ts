import { describe, expect, it } from 'vitest';
import type { TermGroup } from '../retrieval/retrieval.ts';
import { YES_NO_EXTRA_COVERAGE } from './confidence.ts';
import { parseQuestion } from './question.ts';
import {
  coverageNeeded,
  stemCollides,
  stemJudgeable,
  withoutOthersWords,
  wordsOf,
} from './extractive.ts';

const group = (word: string, own: string | null, phrases: string[][]): TermGroup => ({
  word,
  own,
  phrases,
  lexemes: [...new Set(phrases.flat())],
  weight: 1,
  missWeight: 1,
  telling: true,
});

describe('withoutOthersWords: one word of a unit answers one word of the question', () => {
  it('drops an alternative that is another question word ("penalty" for "late")', () => {
    const penalty = group('penalty', 'penalti', [['penalti'], ['zero']]);
    const late = group('late', 'late', [['late'], ['late', 'polici'], ['penalti'], ['extens']]);
    expect(withoutOthersWords(late, [penalty, late]).phrases).toEqual([
      ['late'],
      ['late', 'polici'],
      ['extens'],
    ]);
    expect(withoutOthersWords(penalty, [penalty, late])).toBe(penalty);
  });

  it('keeps words that stand for each other, and a word the material never uses', () => {
    const disability = group('disability', 'disabl', [['disabl'], ['accommod']]);
    const accommodations = group('accommodations', 'accommod', [['accommod'], ['disabl']]);
    expect(withoutOthersWords(accommodations, [disability, accommodations])).toBe(accommodations);
    const unused = group('assignments', null, [['homework']]);
    const homework = group('homework', 'homework', [['homework']]);
    expect(withoutOthersWords(unused, [homework, unused])).toBe(unused);
  });
});

describe('the kinds of answer a question asks for of thing a question asks for', () => {
  const accepts = (question: string, text: string) =>
    parseQuestion(question).asks.every((a) => a.evidence.test(text));

  it('a share of the grade is a weight, not the score a letter grade needs', () => {
    expect(accepts('how much is the final project worth', 'Final Project 20%')).toBe(true);
    expect(
      accepts('how much is the final project worth', 'Final Grade: A+, Percent: 97-100%'),
    ).toBe(false);
  });

  it('a letter grade question wants the grade scale', () => {
    const question = 'if i get 80 percent of all the points what grade am i getting';
    expect(accepts(question, 'B: 80-89%')).toBe(true);
    expect(accepts(question, 'Homework 30%')).toBe(false);
  });

  it('a question about a deadline that asks what to do does not want a date', () => {
    const advice = 'If you need an extension, ask the TA before the deadline.';
    expect(accepts('i wont finish the homework by the deadline, what should i do', advice)).toBe(
      true,
    );
    expect(accepts('when is the homework deadline', advice)).toBe(false);
    expect(accepts('when is the homework deadline', 'Homework is due Fridays.')).toBe(true);
  });

  it('a grading breakdown is several weights, or a part of the grade with its weight', () => {
    const question = 'What is the grading breakdown?';
    expect(accepts(question, 'Homework: 25%')).toBe(true);
    expect(accepts(question, 'Final Project (30%)')).toBe(true);
    expect(accepts(question, 'Quizzes 20%, midterm 30% and the final 50%.')).toBe(true);
    expect(accepts(question, 'Late work loses 10% of its grade a day.')).toBe(false);
    expect(accepts(question, 'A: 93-100%')).toBe(false);
    // bounds on a score are not weights
    expect(accepts(question, 'Your work is satisfactory if you earn at least 80%.')).toBe(false);
    expect(accepts(question, 'A grade between 60% and 79% gets partial credit.')).toBe(false);
  });
});

describe('coverageNeeded', () => {
  it('asks more of a passage for a yes/no question than for another', () => {
    const yesNo = coverageNeeded(parseQuestion('is there any extra credit'), 2, false, false);
    const other = coverageNeeded(parseQuestion('what extra credit is there'), 2, false, false);
    expect(yesNo - other).toBeCloseTo(YES_NO_EXTRA_COVERAGE);
    expect(
      coverageNeeded(parseQuestion('Are the quizzes open book?'), 3, false, false),
    ).toBeCloseTo(yesNo);
  });

  it('asks less when the kind of answer is checked, more when a telling word is unknown', () => {
    const plain = coverageNeeded(parseQuestion('when is the midterm'), 1, false, false);
    expect(coverageNeeded(parseQuestion('when is the midterm'), 1, true, false)).toBeLessThan(
      plain,
    );
    expect(coverageNeeded(parseQuestion('when is the midterm'), 1, false, true)).toBeGreaterThan(
      plain,
    );
  });
});

describe('stemCollides: two words that stem alike but mean different things', () => {
  const collides = (g: TermGroup, text: string) =>
    stemJudgeable(g) && stemCollides(g, wordsOf(text));

  it('"Objects" in a book title is not the "objectives" asked about', () => {
    const objectives = group('objectives', 'object', [['object']]);
    expect(collides(objectives, 'Data Structures and Other Objects Using C++')).toBe(true);
    expect(collides(objectives, 'Learning Objectives: model data.')).toBe(false);
  });

  it('keeps forms of one word, and a misspelling corrected to the stem', () => {
    const participate = group('participate', 'particip', [['particip']]);
    expect(collides(participate, 'Participation is 10% of the grade.')).toBe(false);
    const credit = group('credit', 'credit', [['credit']]);
    expect(collides(credit, 'Late work is credited at half.')).toBe(false);
    const misspelt = group('absenses', 'absenc', [['absenc']]);
    expect(stemJudgeable(misspelt)).toBe(false);
  });
});
