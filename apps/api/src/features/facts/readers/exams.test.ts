import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { examSubject, readExams } from './exams.ts';

const exams = (...lines: string[]) =>
  readExams(readDocument(lines.join('\n'))).map(
    (f) => `${f.subject} | ${f.attribute} | ${f.value}`,
  );

describe('readExams', () => {
  it('reads exam dates from a schedule table, a labelled line and a sentence', () => {
    expect(
      exams(
        'Date | Description',
        'Sept 8 | Intro and overview',
        'Oct 20 | Mid-term Exam',
        '',
        'Final Exam: May 1, 2017, 10:00am-12:00pm',
        '',
        'Exam 2 is on November 14.',
      ),
    ).toEqual([
      'Midterm exam | date | Oct 20',
      'Final exam | date | May 1, 2017, 10:00am-12:00pm',
      'Exam 2 | date | November 14',
    ]);
  });

  it('reads each date of a short line whose sentences give different dates', () => {
    expect(
      exams(
        'Midterm 1 is on Friday, October 9 in class. Midterm 2 is on Friday, November 13 in class.',
      ).filter((f) => f.includes('| date |')),
    ).toEqual(['Midterm 1 | date | Friday, October 9', 'Midterm 2 | date | Friday, November 13']);
  });

  it('reads an exam format sentence, naming the exam when it says which', () => {
    expect(
      exams(
        'The final exam will be multiple choice and closed book.',
        'Exams are open-book. Bring a calculator.',
        '',
        '## Exams',
        '',
        'You may bring one cheat sheet.',
      ),
    ).toEqual([
      'Final exam | format | The final exam will be multiple choice and closed book.',
      'Exams | format | Exams are open-book.',
      'Exams | format | You may bring one cheat sheet.',
    ]);
  });

  it('names exams in one way', () => {
    expect(
      ['Midterm II', 'mid-term 1', 'Final Examination', 'Test three', 'Exam'].map(examSubject),
    ).toEqual(['Midterm 2', 'Midterm 1', 'Final exam', 'Test 3', 'Exam']);
  });

  it('reads no exam from an undated exam line, a format without an exam, or a heading', () => {
    expect(exams('Midterm 1 covers chapters 1 to 4.')).toEqual([]);
    expect(exams('Bring a calculator to every lab.')).toEqual([]);
    expect(exams('## Final Exam on May 3')).toEqual([]);
  });
});
