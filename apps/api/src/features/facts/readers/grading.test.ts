import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readGrading } from './grading.ts';

const weights = (...lines: string[]) =>
  readGrading(readDocument(lines.join('\n'))).map((f) => `${f.subject} ${f.value}`);

describe('readGrading', () => {
  it('reads table rows, and points only under a points column or a grading heading', () => {
    expect(
      weights('Component | Weight', 'Homework | 25%', 'Midterm exam | 25%', 'Term project | 40%'),
    ).toEqual(['Homework 25%', 'Midterm exam 25%', 'Term project 40%']);
    expect(weights('Item | Points', 'Labs | 200')).toEqual(['Labs 200 points']);
    expect(weights('Item | Due', 'Labs | 200')).toEqual([]);
  });

  it('reads list items under a grading heading: label then weight, weight then label', () => {
    expect(
      weights('### Grading', '- **Attendance (10%)**', '- **Final Exam (25%)**', '* 25% homework'),
    ).toEqual(['Attendance 10%', 'Final Exam 25%', 'homework 25%']);
  });

  it('reads a run of weights on one line when they add up to 100 (a flattened PDF table)', () => {
    expect(
      weights(
        'Grades (note: the weighting might still change) In-class participation 20% Other assignments 30% Final paper assignment 50%',
        '',
        'Description Weight Class Participation 16% Cases & Problems 16% Midterm 18% Final Exam 50% Total 100%',
        '',
        'Classes Missed Percent Awarded 1 100% 2 92% 3 73% 4 36% 5 0%',
      ),
    ).toEqual([
      'In-class participation 20%',
      'Other assignments 30%',
      'Final paper assignment 50%',
      'Class Participation 16%',
      'Cases & Problems 16%',
      'Midterm 18%',
      'Final Exam 50%',
    ]);
  });

  it('reads a sentence listing the breakdown in parentheses', () => {
    expect(
      weights(
        '## Grading',
        '',
        'Grades will be based on five problem sets (45% in sum), a take-home final exam or project (35%), three reading responses (10% in sum), and participation and professionalism (10%).',
      ).map((w) => w.replace(/ \S+$/, '')),
    ).toEqual([
      'five problem sets',
      'take-home final exam or project',
      'three reading responses',
      'participation and professionalism',
    ]);
  });

  it('reads the component without a table header run into it', () => {
    expect(
      weights(
        '### Grading Scheme',
        '',
        'Description Weight Class Participation 16%',
        '',
        'Cases & Problems 16%',
        '',
        'Midterm 18%',
        '',
        'Final Exam 50%',
      ),
    ).toEqual(['Class Participation 16%', 'Cases & Problems 16%', 'Midterm 18%', 'Final Exam 50%']);
  });

  it('does not read rules about weights, rubric levels or thresholds as components', () => {
    expect(
      weights(
        '## Grading',
        '',
        '- Final Exam: 25%',
        '- The final exam will be worth: 25%',
        '- F Below: 60%',
        '- Late homework with be penalized: 2 points',
        '- Submitting later than ten days will drop your final score by: 10%',
        'the possible points guarantees you at least an A-, 80% a B-, and so on.',
        '- Fail (50%): The assignment was completed with no evidence of engagement.',
        '- Pass (80%): The assignment was completed.',
        '- Exams – 3 @ 100 pts',
        '- Midterm Exams: 2 at 15%',
      ),
    ).toEqual(['Final Exam 25%', 'Exams 100 pts', 'Midterm Exams 15%']);
  });

  it('reads no weight of 100% or more, no points outside grading, no prose about grades', () => {
    expect(weights('Homework | 100%')).toEqual([]);
    expect(weights('Homework 10 points')).toEqual([]);
    expect(
      weights(
        'Your grade in this course reflects your participation, which counts a great deal, 10% or so.',
      ),
    ).toEqual([]);
  });
});
