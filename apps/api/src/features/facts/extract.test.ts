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
      ['staff', 'Erik Vorhes', 'role', 'Instructor'],
      ['staff', 'Erik Vorhes', 'office', 'Crown 418'],
      ['meeting', 'Lecture', 'place', 'Mundelein Center 605'],
      ['meeting', 'Lecture', 'time', 'Tuesdays & Thursdays, 11:30 a.m. -- 12:45 p.m.'],
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
    // the name alone above the contact sentences is the instructor's
    expect(triples(facts, 'staff')).toEqual([
      ['staff', 'David Sanson', 'role', 'Instructor'],
      ['staff', 'David Sanson', 'office', 'Stevenson 341'],
      ['staff', 'David Sanson', 'email', 'desanso@ilstu.edu'],
      ['staff', 'David Sanson', 'office_hours', 'M 11-12:00 and W 3:15-4:15'],
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

describe('extractFacts: precision rules on real syllabus layouts', () => {
  it('reads a run of weights on one line when they add up to 100 (a flattened PDF table)', () => {
    const facts = extractFacts(
      [
        'Grades (note: the weighting might still change) In-class participation 20% Other assignments 30% Final paper assignment 50%',
        '',
        'Description Weight Class Participation 16% Cases & Problems 16% Midterm 18% Final Exam 50% Total 100%',
        '',
        'Classes Missed Percent Awarded 1 100% 2 92% 3 73% 4 36% 5 0%',
      ].join('\n'),
    );
    expect(triples(facts, 'grading').map((t) => `${t[1]} ${t[3]}`)).toEqual([
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
    const facts = extractFacts(
      '## Grading\n\nGrades will be based on five problem sets (45% in sum), a take-home final exam or project (35%), three reading responses (10% in sum), and participation and professionalism (10%).',
    );
    expect(triples(facts, 'grading').map((t) => t[1])).toEqual([
      'five problem sets',
      'take-home final exam or project',
      'three reading responses',
      'participation and professionalism',
    ]);
  });

  it('does not read rules about weights, rubric levels or thresholds as components', () => {
    const facts = extractFacts(
      [
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
      ].join('\n'),
    );
    expect(triples(facts, 'grading').map((t) => `${t[1]} ${t[3]}`)).toEqual([
      'Final Exam 25%',
      'Exams 100 pts',
      'Midterm Exams 15%',
    ]);
  });

  it('keeps prose, rubric lines, ISBNs and link labels out of the texts', () => {
    const facts = extractFacts(
      [
        '## Textbooks (required)',
        '',
        '- Eiteman, Stonehill and Moffett, Multinational Business Finance, 16th edition, Pearson, 2023.',
        '- Required: Numerical Methods for Engineers and Scientists',
        '- Optional: Python Crash Course',
        '- ISBN-10: 1718502702',
        '- Project web site: https://automatetheboringstuff.com/',
        '- R: Download',
        '- All readings in this course will be posted as PDFs on Moodle.',
        '- Fail (50%): The assignment was completed with no evidence of engagement.',
        '',
        'Mission of the Paul R. Carter College of Business Administration:',
        '',
        '- We equip students for their chosen professions.',
      ].join('\n'),
    );
    expect(triples(facts, 'text').map((t) => `${t[2]}: ${t[1]}`)).toEqual([
      'required: Eiteman, Stonehill and Moffett, Multinational Business Finance, 16th edition, Pearson, 2023.',
      'required: Numerical Methods for Engineers and Scientists',
      'optional: Python Crash Course',
    ]);
  });

  it('reads a title-case heading of PDF/DOCX text, and no meeting from a grade scale row', () => {
    const facts = extractFacts(
      [
        'Schedule:',
        '',
        'Meeting Times and Places',
        '',
        'Tues 6-9 pm., LOW 4030',
        '',
        'F 0-59',
      ].join('\n'),
    );
    expect(triples(facts, 'meeting')).toEqual([
      ['meeting', 'Lecture', 'time', 'Tues 6-9 pm.'],
      ['meeting', 'Lecture', 'place', 'LOW 4030'],
    ]);
  });

  it('keeps prose out of meeting places', () => {
    const facts = extractFacts(
      'Time: Thursdays 13:00-14:50, Final assignment due during exam period Location: Room 205',
    );
    expect(triples(facts, 'meeting').map((t) => t[3])).toEqual([
      'Thursdays 13:00-14:50',
      'Room 205',
    ]);
  });

  it('names the people of "Role Name Label:" lines and name headings, and whose address is whose', () => {
    const facts = extractFacts(
      [
        'Professor Daniel Koll Office: Physics 557 Email: dkoll@pku.edu.cn',
        '',
        'Teaching Assistant Samuel Sklar Email: sjsklar@stu.pku.edu.cn',
        '',
        '### Teaching Assistants',
        '',
        '#### Elan Graupe',
        '- Office Hours: Tue. 3:00 PM - 4:00 PM',
        '',
        '#### Xiaoshan Lin',
        '- Thur. 4:00 PM - 6:00 PM',
        '',
        '## Instructors',
        '',
        '- i Vivek Srikrishnan',
        '- i Gabriela Ackermann',
        '- ga345@cornell.edu',
        '- viveks@cornell.edu',
      ].join('\n'),
    );
    expect(triples(facts, 'staff').map((t) => `${t[1]} | ${t[2]} | ${t[3]}`)).toEqual([
      'Daniel Koll | role | Instructor',
      'Daniel Koll | office | Physics 557',
      'Daniel Koll | email | dkoll@pku.edu.cn',
      'Samuel Sklar | role | TA',
      'Samuel Sklar | email | sjsklar@stu.pku.edu.cn',
      'Elan Graupe | role | TA',
      'Elan Graupe | office_hours | Tue. 3:00 PM - 4:00 PM',
      'Xiaoshan Lin | role | TA',
      'Xiaoshan Lin | office_hours | Thur. 4:00 PM - 6:00 PM',
      'Vivek Srikrishnan | role | Instructor',
      'Gabriela Ackermann | role | Instructor',
      'Gabriela Ackermann | email | ga345@cornell.edu',
      'Vivek Srikrishnan | email | viveks@cornell.edu',
    ]);
  });

  it('reads list items after an empty "Office Hours:" label as office hours, not lectures', () => {
    const facts = extractFacts(
      [
        '## Instructor',
        '',
        'Dr. Arthur Morris Email: acarthur@ust.hk Office Hours:',
        '',
        '- Wednesday 10:00-11:00 via Zoom',
      ].join('\n'),
    );
    expect(triples(facts).map((t) => `${t[0]} ${t[2]} ${t[3]}`)).toEqual([
      'staff role Instructor',
      'staff email acarthur@ust.hk',
      'staff office_hours Wednesday 10:00-11:00 via Zoom',
      'software use Zoom',
    ]);
  });

  it('labels a key date of a schedule row by the part that says what happens', () => {
    const facts = extractFacts(
      [
        '| Date | Topic | Work |',
        '| --- | --- | --- |',
        '| January 7 | Local methods | In-class exercises – Assignment 1 due at the start of class |',
        '',
        '| Week | Date | Topic |',
        '| --- | --- | --- |',
        '| 2 | Jan 13 | Spring Break – no class |',
        '',
        '### Essay 1',
        '',
        'This assignment is due Tuesday, Feb. 17.',
      ].join('\n'),
    );
    expect(triples(facts, 'key_date').map((t) => `${t[1]} @ ${t[3]}`)).toEqual([
      'Assignment 1 due at the start of class @ January 7',
      'Spring Break – no class @ Jan 13',
      'Essay 1: This assignment is due. @ Tuesday, Feb. 17',
    ]);
  });
});

describe('extractFacts: a line of several labels', () => {
  it('reads a label that follows a long first one ("End: … Location: …")', () => {
    const facts = extractFacts(
      [
        '## Course Information',
        '',
        'Time: Thursdays 13:00-14:50',
        '',
        'End: Last class on 2024.06.06, Final assignment due during exam period Location: Hall 205',
      ].join('\n'),
    );
    expect(triples(facts, 'meeting')).toContainEqual(['meeting', 'Lecture', 'place', 'Hall 205']);
  });
});

describe('extractFacts: a table header run into its first row', () => {
  it('reads the component without the header ("Description Weight Class Participation 16%")', () => {
    const facts = extractFacts(
      [
        '### Grading Scheme',
        '',
        'Description Weight Class Participation 16%',
        '',
        'Cases & Problems 16%',
        '',
        'Midterm 18%',
        '',
        'Final Exam 50%',
      ].join('\n'),
    );
    expect(triples(facts, 'grading').map((f) => f[1])).toEqual([
      'Class Participation',
      'Cases & Problems',
      'Midterm',
      'Final Exam',
    ]);
  });
});
