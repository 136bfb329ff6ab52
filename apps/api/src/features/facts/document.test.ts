import { describe, expect, it } from 'vitest';
import { readDocument, sectionBody } from './document.ts';

const doc = (...lines: string[]) => readDocument(lines.join('\n'));

describe('readDocument', () => {
  it('splits a line into its labelled parts, and leaves a label mid-sentence as prose', () => {
    const [run, prose, prerequisite] = doc(
      'Dr. Jane Roe Office: RE 289 Email: jroe@x.edu',
      '',
      'If anything is unclear please write to me, see the email: jroe@x.edu',
      '',
      'This course is for majors, and the prerequisite: MATH 101.',
    );
    expect(run!.lead).toBe('Dr. Jane Roe');
    expect(run!.parts).toEqual([
      { field: 'office', label: 'Office', value: 'RE 289' },
      { field: 'email', label: 'Email', value: 'jroe@x.edu' },
    ]);
    expect(prose!.parts).toEqual([]);
    expect(prerequisite!.parts.map((p) => p.field)).toEqual(['prerequisite']);
  });

  it('reads a table row whose first cell is a label as one labelled part', () => {
    const [row] = doc('| | |', '| --- | --- |', '| **Office** | 216 THM |');
    expect(row!.parts).toEqual([{ field: 'office', label: 'Office', value: '216 THM' }]);
  });

  it('knows the label a list is listed under, until a line that is not an item', () => {
    const lines = doc(
      'Dr. Jane Roe Email: jroe@x.edu Office Hours:',
      '',
      '- Mon 2-3pm',
      '- Wed 2-3pm',
      '',
      'Thanks a lot for reading this.',
      '- Fri 2-3pm',
    );
    expect(lines.map((l) => l.listedUnder)).toEqual([
      null,
      'office_hours',
      'office_hours',
      null,
      null,
    ]);
    // a label alone on its line is a heading: its section's items fill its field
    expect(doc('Office Hours:', '- Mon 2-3pm').map((l) => l.fills)).toEqual([null, 'office_hours']);
  });

  it("knows the field a section's unlabelled items and short lines fill", () => {
    const lines = doc(
      '## Office Hours',
      '- Mon 2-3pm',
      '## Grading texts',
      '- Essays',
      '## Texts',
      '- A Book',
    );
    expect(lines.map((l) => l.fills)).toEqual([null, 'office_hours', null, null, null, 'text']);
  });

  it('knows the headings that name a person and the lines under them', () => {
    const lines = doc(
      '## Teaching Assistants',
      '### Elan Graupe',
      'Tue 3-4pm',
      '### Syllabus',
      'Text',
    );
    expect(lines.map((l) => [l.personHeading, l.underPerson])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [false, true],
      [false, false],
    ]);
    expect(lines[2]!.heading).toBe('Elan Graupe');
    expect([...lines[4]!.topics]).toEqual([]);
  });

  it("reads a section's body up to the next heading at its level", () => {
    const lines = doc('## Late Work', 'One.', '### Details', 'Two.', '## Other', 'Three.');
    expect(sectionBody(lines, 0).map((l) => l.text)).toEqual(['One.']);
  });
});
