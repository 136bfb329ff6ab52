import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_QUESTIONS } from '@app/contracts';
import { uniqueQuestions } from './sample-questions.ts';
import { questionsFromHeadings } from './suggested-questions.ts';

describe('questionsFromHeadings', () => {
  it('maps headings to questions in document order, the first three distinct topics', () => {
    expect(
      questionsFromHeadings(
        [
          'BIO 101: Introduction to Cell Biology',
          'Course Description',
          'Instructor',
          'Grading',
          'Grade Scale',
          'Late policy',
          'Textbook',
        ],
        true,
      ),
    ).toEqual([
      'How can I contact the instructor?',
      'How is the final grade calculated?',
      'What is the late work policy?',
    ]);
  });

  it.each([
    ['Instructor Office Hours', 'When are the office hours?'],
    ['Assessment and Evaluation', 'How is the final grade calculated?'],
    ['Late Assignments and Make-up Exams', 'What is the late work policy?'],
    ['Midterm and Final Examinations', 'When are the exams?'],
    ['Weekly quizzes', 'When are the exams?'],
    ['Required Readings', 'Which textbook do I need?'],
    ['Course Materials', 'Which textbook do I need?'],
    ['Learning Outcomes', 'What are the learning objectives?'],
    ['Course Schedule', 'When are the assignments due?'],
    ['Due Dates', 'When are the assignments due?'],
    ['Attendance and Participation', 'What is the attendance policy?'],
    ['Academic Integrity', 'What is the academic integrity policy?'],
    ['Plagiarism', 'What is the academic integrity policy?'],
    ['Contact Information', 'How can I contact the instructor?'],
    ['Prerequisites', 'What are the prerequisites for this course?'],
    ['Disability Accommodations', 'How do I request accommodations?'],
  ])('%s → %s', (heading, question) => {
    expect(questionsFromHeadings([heading], true)).toEqual([question]);
  });

  it('does not read a topic into a longer word', () => {
    // "Testing" is not "test", "Latex" is not "late", "Final project" names no exam
    expect(
      questionsFromHeadings(['Testing your code', 'Latex tips', 'Final project'], true),
    ).toEqual(DEFAULT_TEST_QUESTIONS);
  });

  it('falls back to generic questions only when the class has material', () => {
    expect(questionsFromHeadings([], true)).toEqual(DEFAULT_TEST_QUESTIONS);
    expect(questionsFromHeadings(['Week 1', 'Week 2'], true)).toEqual(DEFAULT_TEST_QUESTIONS);
    expect(questionsFromHeadings([], false)).toEqual([]);
  });

  it('keeps fewer than three when only some headings match, without generic padding', () => {
    expect(questionsFromHeadings(['Overview', 'Grading policy', 'Grading scale'], true)).toEqual([
      'How is the final grade calculated?',
    ]);
  });
});

describe('uniqueQuestions', () => {
  it('trims, drops blanks and case- or spacing-only repeats, keeps the first spelling, at most 3', () => {
    expect(
      uniqueQuestions([
        '  When is the midterm? ',
        'when is  the MIDTERM?',
        '',
        'Is there a curve?',
        'What is the late policy?',
        'Where is the lab?',
      ]),
    ).toEqual(['When is the midterm?', 'Is there a curve?', 'What is the late policy?']);
  });
});
