import { describe, expect, it } from 'vitest';
import { extractFacts, type Fact } from './extract.ts';

const triples = (facts: Fact[], kind?: string) =>
  facts
    .filter((f) => !kind || f.kind === kind)
    .map((f) => [f.kind, f.subject, f.attribute, f.value]);

describe('extractFacts: labelled lines', () => {
  const text = [
    '# BIOL 3295: Population Ecology',
    '',
    '## Instructor Information',
    '',
    'Instructor: Dr. Amy Hurford',
    'Office: CSF 4338',
    'Email: ahurford@mun.ca',
    'Office hours: Tuesday 1-2pm; Thursday 1-2pm',
    '',
    '## Course Information',
    '',
    'TR 12.00-12.50pm',
    'Classroom: SN3060',
    '',
    'Pre-requisites: BIOL 2600; at least one of BIOL 2010, 2122 or 2210.',
  ].join('\n');
  const facts = extractFacts(text);

  it('reads the instructor with their contact details', () => {
    expect(triples(facts, 'staff')).toEqual([
      ['staff', 'Dr. Amy Hurford', 'role', 'Instructor'],
      ['staff', 'Dr. Amy Hurford', 'office', 'CSF 4338'],
      ['staff', 'Dr. Amy Hurford', 'email', 'ahurford@mun.ca'],
      ['staff', 'Dr. Amy Hurford', 'office_hours', 'Tuesday 1-2pm; Thursday 1-2pm'],
    ]);
  });

  it('reads meeting times and places, and prerequisites', () => {
    expect(triples(facts, 'meeting')).toEqual([
      ['meeting', 'Lecture', 'time', 'TR 12.00-12.50pm'],
      ['meeting', 'Lecture', 'place', 'SN3060'],
    ]);
    expect(triples(facts, 'prerequisite')).toEqual([
      [
        'prerequisite',
        'Course',
        'requirement',
        'BIOL 2600; at least one of BIOL 2010, 2122 or 2210.',
      ],
    ]);
  });

  it('quotes the source line of each fact and is deterministic', () => {
    expect(facts.find((f) => f.attribute === 'office')!.sourceText).toBe('Office: CSF 4338');
    expect(extractFacts(text)).toEqual(facts);
  });
});

describe('extractFacts: markdown bold labels, several labels on one line, definition lists', () => {
  it('reads **Label:** value and a lecture line with its room', () => {
    const facts = extractFacts(
      [
        '**Instructor:** [Matthew Wilkens](https://example.edu/mw)\\',
        '**Graduate TAs:** Breanna Green, Kiara Liu<br>',
        '**Lecture:** MW 9:05-9:55am, Statler 265<br>',
      ].join('\n'),
    );
    expect(triples(facts)).toEqual([
      ['staff', 'Matthew Wilkens', 'role', 'Instructor'],
      ['staff', 'Breanna Green', 'role', 'TA'],
      ['staff', 'Kiara Liu', 'role', 'TA'],
      ['meeting', 'Lecture', 'time', 'MW 9:05-9:55am'],
      ['meeting', 'Lecture', 'place', 'Statler 265'],
    ]);
  });

  it('splits a run of labels on one line (PDF and DOCX text)', () => {
    const facts = extractFacts(
      'Instructor Information: Ovande Furtado Jr, Ph.D. Office: RE 289 Email: of@csun.edu Phone: 818-677-5968 | Office Hours: Tuesdays 9:00 AM – 12:00 PM',
    );
    expect(triples(facts, 'staff')).toEqual([
      ['staff', 'Ovande Furtado Jr, Ph.D.', 'role', 'Instructor'],
      ['staff', 'Ovande Furtado Jr, Ph.D.', 'office', 'RE 289'],
      ['staff', 'Ovande Furtado Jr, Ph.D.', 'email', 'of@csun.edu'],
      ['staff', 'Ovande Furtado Jr, Ph.D.', 'phone', '818-677-5968'],
      ['staff', 'Ovande Furtado Jr, Ph.D.', 'office_hours', 'Tuesdays 9:00 AM – 12:00 PM'],
    ]);
  });

  it('reads a pandoc definition list', () => {
    const facts = extractFacts(
      [
        'Room',
        '~ Mundelein Center 605',
        '',
        'Time',
        '~ Tuesdays & Thursdays, 11:30 a.m. -- 12:45 p.m.',
        '',
        'Instructor',
        '~ Erik Vorhes',
        '',
        'Office',
        '~ Crown 418',
      ].join('\n'),
    );
    expect(triples(facts)).toEqual([
      ['meeting', 'Lecture', 'place', 'Mundelein Center 605'],
      ['meeting', 'Lecture', 'time', 'Tuesdays & Thursdays, 11:30 a.m. -- 12:45 p.m.'],
      ['staff', 'Erik Vorhes', 'role', 'Instructor'],
      ['staff', 'Erik Vorhes', 'office', 'Crown 418'],
    ]);
  });
});

describe('extractFacts: tables', () => {
  it('reads a label | value table (markdown with an empty header)', () => {
    const facts = extractFacts(
      [
        '| | |',
        '| --- | --- |',
        '| **Instructor** | Dr. Jeremy Van Cleve |',
        '| **Office** | 216 THM |',
        '| **Class Location** | JSB 347 |',
      ].join('\n'),
    );
    expect(triples(facts)).toEqual([
      ['staff', 'Dr. Jeremy Van Cleve', 'role', 'Instructor'],
      ['staff', 'Dr. Jeremy Van Cleve', 'office', '216 THM'],
      ['meeting', 'Lecture', 'place', 'JSB 347'],
    ]);
  });

  it('reads grading weights and the grade scale from extracted table rows', () => {
    const facts = extractFacts(
      [
        'Component | Weight',
        'Homework | 25%',
        'Midterm exam | 25%',
        'Term project | 40%',
        '',
        'Percentage grade | Letter grade',
        '>=90.0% | A',
        '>=80.0% | B',
        '>=70.0% | C',
      ].join('\n'),
    );
    expect(triples(facts, 'grading')).toEqual([
      ['grading', 'Homework', 'weight', '25%'],
      ['grading', 'Midterm exam', 'weight', '25%'],
      ['grading', 'Term project', 'weight', '40%'],
    ]);
    expect(triples(facts, 'grade_scale')).toEqual([
      ['grade_scale', 'A', 'range', '>=90.0%'],
      ['grade_scale', 'B', 'range', '>=80.0%'],
      ['grade_scale', 'C', 'range', '>=70.0%'],
    ]);
  });

  it('reads a horizontal grade scale (letters as column headers)', () => {
    const facts = extractFacts(
      '| A | A- | B+ | B |\n| --- | --- | --- | --- |\n| 100-93 | 92-90 | 89-87 | 86-83 |',
    );
    expect(triples(facts, 'grade_scale').map((t) => `${t[1]} ${t[3]}`)).toEqual([
      'A 100-93',
      'A- 92-90',
      'B+ 89-87',
      'B 86-83',
    ]);
  });

  it('reads exam dates and key dates from a schedule table', () => {
    const facts = extractFacts(
      [
        'Date | Description',
        'Sept 8 | Intro and overview',
        'Oct 13 | No class, Monday Schedule',
        'Oct 20 | Mid-term Exam',
        'Dec 8 | Final project due',
      ].join('\n'),
    );
    expect(triples(facts, 'exam')).toEqual([['exam', 'Midterm exam', 'date', 'Oct 20']]);
    expect(triples(facts, 'key_date')).toEqual([
      ['key_date', 'No class, Monday Schedule', 'date', 'Oct 13'],
      ['key_date', 'Final project due', 'date', 'Dec 8'],
    ]);
  });
});

describe('extractFacts: headings above lists and paragraphs', () => {
  const text = [
    '### Professor',
    '- Dr. Edward Kung',
    '- edward.kung@csun.edu',
    '',
    '### Lectures',
    '- Section 02: MW 11:30am - 12:45pm @ Bookstein 1131',
    '',
    '### Office Hours',
    '- MW 10:25am - 11:25am @ Bookstein 4252',
    '',
    '### Grading',
    '- **Attendance (10%)**',
    '- **Final Exam (25%)**',
    '* 25% homework',
    '',
    'The final exam will be multiple choice and closed book.',
    '',
    '## Required Texts',
    '- John Stuart Mill, *Utilitarianism*, ed. George Sher (Hackett, 2001)',
    '',
    '## Recommended',
    '- Thom Holmes, Electronic and Experimental Music',
    '',
    '## Late Work',
    'Late assignments lose 10% per day. Nothing is accepted after three days. Ask early.',
    '',
    '## Students with Disabilities',
    'Students who need accommodations should contact the Office of Disability Services at ods@uni.edu or 555-123-4567.',
  ].join('\n');
  const facts = extractFacts(text);

  it('reads people and their office hours under staff headings', () => {
    expect(triples(facts, 'staff')).toEqual([
      ['staff', 'Dr. Edward Kung', 'role', 'Instructor'],
      ['staff', 'Dr. Edward Kung', 'email', 'edward.kung@csun.edu'],
      ['staff', 'Dr. Edward Kung', 'office_hours', 'MW 10:25am - 11:25am @ Bookstein 4252'],
    ]);
  });

  it('reads a lecture section line', () => {
    expect(triples(facts, 'meeting')).toEqual([
      ['meeting', 'Lecture (Section 02)', 'time', 'MW 11:30am - 12:45pm'],
      ['meeting', 'Lecture (Section 02)', 'place', 'Bookstein 1131'],
    ]);
  });

  it('reads grading components, exam format, texts, policies and accommodations', () => {
    expect(triples(facts, 'grading')).toEqual([
      ['grading', 'Attendance', 'weight', '10%'],
      ['grading', 'Final Exam', 'weight', '25%'],
      ['grading', 'homework', 'weight', '25%'],
    ]);
    expect(triples(facts, 'exam')).toEqual([
      ['exam', 'Final exam', 'format', 'The final exam will be multiple choice and closed book.'],
    ]);
    expect(triples(facts, 'text').map((t) => t[2])).toEqual(['required', 'optional']);
    expect(triples(facts, 'policy')).toEqual([
      [
        'policy',
        'late',
        'summary',
        'Late assignments lose 10% per day. Nothing is accepted after three days.',
      ],
    ]);
    expect(triples(facts, 'accommodations')).toEqual([
      [
        'accommodations',
        'accommodations',
        'summary',
        'Students who need accommodations should contact the Office of Disability Services at ods@uni.edu or 555-123-4567.',
      ],
      ['accommodations', 'accommodations', 'office', 'Office of Disability Services'],
      ['accommodations', 'accommodations', 'email', 'ods@uni.edu'],
      ['accommodations', 'accommodations', 'phone', '555-123-4567'],
    ]);
  });
});

describe('extractFacts: prose without headings', () => {
  it('reads first-person contact sentences and policies stated in sentences', () => {
    const facts = extractFacts(
      [
        '# Philosophy 363',
        '',
        'David Sanson',
        '',
        'My office is Stevenson 341. My email is desanso@ilstu.edu. My office hours for this term are M 11-12:00 and W 3:15-4:15.',
        '',
        'Readings will be posted online. Late papers will be penalized one third of a letter grade per day.',
      ].join('\n'),
    );
    expect(triples(facts, 'staff')).toEqual([
      ['staff', 'Instructor', 'email', 'desanso@ilstu.edu'],
      ['staff', 'Instructor', 'office', 'Stevenson 341'],
      ['staff', 'Instructor', 'office_hours', 'M 11-12:00 and W 3:15-4:15'],
    ]);
    expect(triples(facts, 'policy')).toEqual([
      [
        'policy',
        'late',
        'summary',
        'Late papers will be penalized one third of a letter grade per day.',
      ],
    ]);
  });

  it('finds nothing in text that states nothing', () => {
    expect(extractFacts('')).toEqual([]);
    expect(extractFacts('The mitochondria is the powerhouse of the cell.')).toEqual([]);
  });
});
