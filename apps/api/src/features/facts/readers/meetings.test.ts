import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readMeetings } from './meetings.ts';

const meetings = (...lines: string[]) =>
  readMeetings(readDocument(lines.join('\n'))).map(
    (f) => `${f.subject} | ${f.attribute} | ${f.value}`,
  );

describe('readMeetings', () => {
  it('reads a line of days and hours under a heading, and a labelled room', () => {
    expect(meetings('## Course Information', '', 'TR 12.00-12.50pm', 'Classroom: SN3060')).toEqual([
      'Lecture | time | TR 12.00-12.50pm',
      'Lecture | place | SN3060',
    ]);
  });

  it('splits a labelled lecture line into its time and its place', () => {
    expect(meetings('**Lecture:** MW 9:05-9:55am, Statler 265<br>')).toEqual([
      'Lecture | time | MW 9:05-9:55am',
      'Lecture | place | Statler 265',
    ]);
  });

  it('reads a pandoc definition list and a label | value table', () => {
    expect(
      meetings(
        'Room',
        '~ Mundelein Center 605',
        '',
        'Time',
        '~ Tuesdays & Thursdays, 11:30 a.m. -- 12:45 p.m.',
      ),
    ).toEqual([
      'Lecture | place | Mundelein Center 605',
      'Lecture | time | Tuesdays & Thursdays, 11:30 a.m. -- 12:45 p.m.',
    ]);
    expect(meetings('| | |', '| --- | --- |', '| **Class Location** | JSB 347 |')).toEqual([
      'Lecture | place | JSB 347',
    ]);
  });

  it('names a section and the kind of meeting its heading or label says', () => {
    expect(
      meetings(
        '### Lectures',
        '- Section 02: MW 11:30am - 12:45pm @ Bookstein 1131',
        '',
        '### Labs',
        '- F 2:00-3:50pm, Hall 105',
        '',
        'Format: in person',
      ),
    ).toEqual([
      'Lecture (Section 02) | time | MW 11:30am - 12:45pm',
      'Lecture (Section 02) | place | Bookstein 1131',
      'Lab | time | F 2:00-3:50pm',
      'Lab | place | Hall 105',
      'Class | format | in person',
    ]);
  });

  it('reads a title-case heading of PDF/DOCX text, and a label after a long first one', () => {
    expect(
      meetings(
        'Schedule:',
        '',
        'Meeting Times and Places',
        '',
        'Tues 6-9 pm., LOW 4030',
        '',
        'F 0-59',
      ),
    ).toEqual(['Lecture | time | Tues 6-9 pm.', 'Lecture | place | LOW 4030']);
    expect(
      meetings(
        '## Course Information',
        '',
        'End: Last class on 2024.06.06, Final assignment due during exam period Location: Hall 205',
      ),
    ).toContain('Lecture | place | Hall 205');
  });

  it('keeps prose out of meeting places', () => {
    expect(
      meetings(
        'Time: Thursdays 13:00-14:50, Final assignment due during exam period Location: Room 205',
      ),
    ).toEqual(['Lecture | time | Thursdays 13:00-14:50', 'Lecture | place | Room 205']);
  });

  it('reads no meeting from office hours, a staff heading, a person, a schedule or an exam', () => {
    expect(meetings('### Office Hours', '- MW 10:25am - 11:25am @ Bookstein 4252')).toEqual([]);
    expect(meetings('## Office Hours', '', 'Location: THM 216')).toEqual([]);
    expect(meetings('## Instructor', '', 'Mon 2:00-3:00pm')).toEqual([]);
    expect(meetings('## Teaching Assistants', '', '### Jane Roe', '', 'Tue 3:00-4:00 PM')).toEqual(
      [],
    );
    expect(meetings('## Schedule', '', 'Mon 9:00am Introduction')).toEqual([]);
    expect(meetings('## Final Exam', '', 'Fri 9:00am-12:00pm, Hall 1')).toEqual([]);
  });
});
