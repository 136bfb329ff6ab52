import { describe, expect, it } from 'vitest';
import type { FactSheetEntry } from '../facts/facts.service.ts';
import { answerFromFacts } from './fact-answers.ts';
import { parseQuestion } from './question.ts';

let next = 0;
const fact = (
  kind: FactSheetEntry['kind'],
  subject: string,
  attribute: string,
  value: string,
): FactSheetEntry => ({
  id: String(++next),
  kind,
  subject,
  attribute,
  value,
  origin: 'extracted',
  sourceText: `${subject}: ${value}`,
  contentId: 'c1',
  contentTitle: 'Syllabus',
  contentType: 'syllabus',
  chunkId: '1',
});

const SHEET: FactSheetEntry[] = [
  fact('staff', 'Dr. Amy Hurford', 'role', 'Instructor'),
  fact('staff', 'Dr. Amy Hurford', 'office', 'CSF 4338'),
  fact('staff', 'Dr. Amy Hurford', 'email', 'ahurford@mun.ca'),
  fact('staff', 'Dr. Amy Hurford', 'office_hours', 'Tuesdays 2–4 pm'),
  fact('staff', 'Sam Lee', 'role', 'TA'),
  fact('staff', 'Sam Lee', 'email', 'slee@mun.ca'),
  fact('meeting', 'Lecture', 'time', 'TR 12:00–12:50'),
  fact('meeting', 'Lecture', 'place', 'SN3060'),
  fact('meeting', 'Lab', 'place', 'CSF 2210'),
  fact('prerequisite', 'Course', 'requirement', 'BIOL 2600'),
  fact(
    'text',
    'Population Ecology, 2nd edition, Princeton University Press, 2013',
    'required',
    'x',
  ),
  fact('grading', 'Assignments', 'weight', '20%'),
  fact('grading', 'Final exam', 'weight', '40%'),
  fact('grading', 'Midterm exams', 'weight', '40%'),
  fact('grade_scale', 'A', 'range', '93–100'),
  fact('grade_scale', 'B', 'range', '83–86'),
  fact('exam', 'Final exam', 'date', 'April 20, 9 am'),
];
const ask = (q: string) =>
  answerFromFacts(parseQuestion(q, new Set(['biol', '3295', 'ecology'])), SHEET)?.response;

describe('answers from the course fact sheet', () => {
  it.each([
    ['what room are lectures in', 'Lectures meet in SN3060.'],
    ['where is the lab', 'Labs meet in CSF 2210.'],
    ['when does the class meet', 'Lectures meet TR 12:00–12:50 in SN3060.'],
    ["where is the professor's office", "Dr. Amy Hurford's office is CSF 4338."],
    [
      'when can i see dr hurford in her office',
      "Dr. Amy Hurford's office hours are Tuesdays 2–4 pm.",
    ],
    ["what's the TA's email", "Sam Lee's e-mail is slee@mun.ca."],
    ['who is the TA', 'The TA is Sam Lee.'],
    ['what do i need to have taken before biol 3295', 'Prerequisites: BIOL 2600.'],
    ['how much is the final worth', 'Final exam is worth 40% of the grade.'],
    ['how much of my grade is the final itself', 'Final exam is worth 40% of the grade.'],
    ['what do i need to get an A', 'Grade scale: A 93–100.'],
    ['when is the final exam', 'Final exam: April 20, 9 am.'],
  ])('%s → %s', (question, expected) => {
    expect(ask(question)).toBe(expected);
  });

  it('lists the grading breakdown as a list', () => {
    expect(ask('what is the grading breakdown')).toBe(
      'The grade is made up of:\n- Assignments: 20%\n- Final exam: 40%\n- Midterm exams: 40%',
    );
  });

  it('reads a breakdown whose group weights are followed by their parts', () => {
    const weights = (list: [string, string][]) =>
      list.map(([subject, value]) => fact('grading', subject, 'weight', value));
    const sheet = weights([
      ['Participation', '10%'],
      ['Reading Responses', '15%'],
      ['Digital Tools Assignments', '60%'],
      ['Assignment #1', '5%'],
      ['Assignment #2', '10%'],
      ['Assignment #3', '15%'],
      ['Assignment #4', '15%'],
      ['Assignment #5', '15%'],
      ['Final Reflection Paper', '15%'],
    ]);
    expect(answerFromFacts(parseQuestion('what is the grading breakdown'), sheet)?.response).toBe(
      'The grade is made up of:\n- Participation: 10%\n- Reading Responses: 15%\n' +
        '- Digital Tools Assignments: 60%\n- Final Reflection Paper: 15%',
    );
  });

  it('reads the table of a breakdown when a section repeats one of its weights', () => {
    const sheet = [
      ['Attendance', '10%'],
      ['Problem Sets', '30%'],
      ['Exam 1', '15%'],
      ['Exam 2', '20%'],
      ['Exam 3', '25%'],
      ['Eight Problem Sets', '30%'],
      ['Three Examinations', '25%'],
    ].map(([subject, value]) => fact('grading', subject!, 'weight', value!));
    expect(answerFromFacts(parseQuestion('what is the grading breakdown'), sheet)?.facts).toEqual(
      sheet.slice(0, 5),
    );
  });

  it('names the required book, cited as a book is', () => {
    expect(ask('which textbook do we need')).toMatch(/^Required text: Population Ecology/);
  });

  it('leaves to the passages a question whose telling words no fact accounts for', () => {
    for (const q of [
      'where do i go for disability accommodations', // a place, but not the class's
      'are lectures recorded if i cant make it',
      'does the lowest assignment score get dropped', // a component named, not its weight
    ])
      expect(ask(q), q).toBeUndefined();
  });

  it('does not answer durations, counts or consequences from facts', () => {
    expect(ask('how long should i wait before emailing the professor again')).toBeUndefined();
    expect(ask('how many exams are there')).toBeUndefined();
    expect(ask('what happens if i miss the final exam')).toBeUndefined();
  });

  it('lists the due dates of the schedule, or the one asked about', () => {
    const schedule = [
      ...SHEET,
      fact('key_date', 'Assignment 1 is due', 'date', 'Tues Jan 17'),
      {
        ...fact('key_date', 'Essay 2: This assignment is due.', 'date', 'Thursday, April 8'),
        sourceText: 'Essay 2 is due Thursday, April 8. Bring a printed copy.',
      },
      fact('key_date', 'Spring break', 'date', 'March 9–13'),
    ];
    expect(
      answerFromFacts(parseQuestion('When are the assignments due?'), schedule)?.response,
    ).toBe('Due dates:\n- Assignment 1 is due: Tues Jan 17\n- Essay 2 is due Thursday, April 8.');
    expect(answerFromFacts(parseQuestion('when is essay 2 due'), schedule)?.response).toBe(
      'Essay 2 is due Thursday, April 8.',
    );
  });

  it('names both sources when two documents disagree', () => {
    const note = {
      ...fact('exam', 'Final exam', 'date', 'April 21, 9 am'),
      contentId: 'c2',
      contentTitle: 'Exam schedule',
      contentType: 'additional' as const,
    };
    expect(
      answerFromFacts(parseQuestion('when is the final exam'), [...SHEET, note])?.response,
    ).toBe(
      'Final exam (date): the syllabus says April 20, 9 am; Exam schedule says April 21, 9 am.',
    );
  });

  it('says nothing when the sheet lacks the fact asked for', () => {
    expect(
      answerFromFacts(
        parseQuestion('who is the TA'),
        SHEET.filter((f) => f.subject !== 'Sam Lee'),
      ),
    ).toBeNull();
    expect(answerFromFacts(parseQuestion('what room are lectures in'), [])).toBeNull();
  });
});

describe('what a question asks for', () => {
  it('reads concepts from seed words, phrases and close meanings', () => {
    expect([...parseQuestion('which classroom is it in').concepts]).toContain('place');
    expect([...parseQuestion('when are your drop-in hours').concepts]).toContain('officeHours');
    expect([...parseQuestion('what is the venue').concepts]).toContain('place'); // by meaning
  });

  it('keeps the telling words no concept covers, but not the class name or everyday words', () => {
    const intent = parseQuestion(
      'can i go see the calc professor about my disability',
      new Set(['calculus']),
    );
    expect(intent.unexplained).toEqual(['disability']);
  });

  it('reads the letter grade asked about, and not an article', () => {
    expect(parseQuestion('what do I need to get an A?').letter).toBe('A');
    expect(parseQuestion('is 89 enough for a B+').letter).toBe('B+');
    expect(parseQuestion('last day to drop without getting a W').letter).toBeNull();
    expect(parseQuestion('what happens if my essay is a day late').letter).toBeNull();
  });
});
