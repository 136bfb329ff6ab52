import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readStaff } from './staff.ts';

const staff = (...lines: string[]) =>
  readStaff(readDocument(lines.join('\n'))).map(
    (f) => `${f.subject} | ${f.attribute} | ${f.value}`,
  );

describe('readStaff', () => {
  it('reads the e-mail of a "Name e-mail" heading, and the same facts every time it reads', () => {
    const heading = ['## Tim Thomas, Ph.D. timthomas@example.edu', '', 'Office: Room 12'];
    const expected = [
      'Tim Thomas, Ph.D. | role | Instructor',
      'Tim Thomas, Ph.D. | email | timthomas@example.edu',
      'Tim Thomas, Ph.D. | office | Room 12',
    ];
    expect(staff(...heading)).toEqual(expected);
    // a shared pattern's state must not carry into the next document read
    expect(staff(...heading)).toEqual(expected);
    expect(staff('Email: other@example.edu')).toContain('Instructor | email | other@example.edu');
  });

  it('reads the instructor of labelled lines with their contact details', () => {
    expect(
      staff(
        '## Instructor Information',
        '',
        'Instructor: Dr. Amy Hurford',
        'Office: CSF 4338',
        'Email: ahurford@mun.ca',
        'Office hours: Tuesday 1-2pm; Thursday 1-2pm',
      ),
    ).toEqual([
      'Dr. Amy Hurford | role | Instructor',
      'Dr. Amy Hurford | office | CSF 4338',
      'Dr. Amy Hurford | email | ahurford@mun.ca',
      'Dr. Amy Hurford | office_hours | Tuesday 1-2pm; Thursday 1-2pm',
    ]);
  });

  it('reads **Label:** values, several TAs on one line and a run of labels (PDF and DOCX text)', () => {
    expect(
      staff(
        '**Instructor:** [Matthew Wilkens](https://example.edu/mw)\\',
        '**Graduate TAs:** Breanna Green, Kiara Liu<br>',
      ),
    ).toEqual([
      'Matthew Wilkens | role | Instructor',
      'Breanna Green | role | TA',
      'Kiara Liu | role | TA',
    ]);
    expect(
      staff(
        'Instructor Information: Ovande Furtado Jr, Ph.D. Office: RE 289 Email: of@csun.edu Phone: 818-677-5968 | Office Hours: Tuesdays 9:00 AM – 12:00 PM',
      ),
    ).toEqual([
      'Ovande Furtado Jr, Ph.D. | role | Instructor',
      'Ovande Furtado Jr, Ph.D. | office | RE 289',
      'Ovande Furtado Jr, Ph.D. | email | of@csun.edu',
      'Ovande Furtado Jr, Ph.D. | phone | 818-677-5968',
      'Ovande Furtado Jr, Ph.D. | office_hours | Tuesdays 9:00 AM – 12:00 PM',
    ]);
  });

  it('reads a pandoc definition list and a label | value table', () => {
    expect(staff('Instructor', '~ Erik Vorhes', '', 'Office', '~ Crown 418')).toEqual([
      'Erik Vorhes | role | Instructor',
      'Erik Vorhes | office | Crown 418',
    ]);
    expect(
      staff(
        '| | |',
        '| --- | --- |',
        '| **Instructor** | Dr. Jeremy Van Cleve |',
        '| **Office** | 216 THM |',
      ),
    ).toEqual([
      'Dr. Jeremy Van Cleve | role | Instructor',
      'Dr. Jeremy Van Cleve | office | 216 THM',
    ]);
  });

  it('reads people under a staff heading, and days and hours under "Office Hours" as theirs', () => {
    expect(
      staff(
        '### Professor',
        '- Dr. Edward Kung',
        '- edward.kung@csun.edu',
        '',
        '### Office Hours',
        '- MW 10:25am - 11:25am @ Bookstein 4252',
      ),
    ).toEqual([
      'Dr. Edward Kung | role | Instructor',
      'Dr. Edward Kung | email | edward.kung@csun.edu',
      'Dr. Edward Kung | office_hours | MW 10:25am - 11:25am @ Bookstein 4252',
    ]);
  });

  it('reads first-person contact sentences below a name at the top', () => {
    expect(
      staff(
        '# Philosophy 363',
        '',
        'David Sanson',
        '',
        'My office is Stevenson 341. My email is desanso@ilstu.edu. My office hours for this term are M 11-12:00 and W 3:15-4:15.',
      ),
    ).toEqual([
      'David Sanson | role | Instructor',
      'David Sanson | office | Stevenson 341',
      'David Sanson | email | desanso@ilstu.edu',
      'David Sanson | office_hours | M 11-12:00 and W 3:15-4:15',
    ]);
  });

  it('names the people of "Role Name Label:" lines and name headings, and whose address is whose', () => {
    expect(
      staff(
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
      ),
    ).toEqual([
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

  it('reads list items after an empty "Office Hours:" label as office hours', () => {
    expect(
      staff(
        '## Instructor',
        '',
        'Dr. Arthur Morris Email: acarthur@ust.hk Office Hours:',
        '',
        '- Wednesday 10:00-11:00 via Zoom',
      ),
    ).toEqual([
      'Dr. Arthur Morris | role | Instructor',
      'Dr. Arthur Morris | email | acarthur@ust.hk',
      'Dr. Arthur Morris | office_hours | Wednesday 10:00-11:00 via Zoom',
    ]);
  });

  it('writes "Dr. Jane Roe" and "Jane Roe" as one person, as first named', () => {
    expect(
      staff('Instructor: Dr. Jane Roe', '', '## Staff', '', '- Jane Roe', '- jroe@x.edu'),
    ).toEqual(['Dr. Jane Roe | role | Instructor', 'Dr. Jane Roe | email | jroe@x.edu']);
  });

  it('reads no person from prose, a name far down the text, or office hours that are prose', () => {
    expect(staff('The instructor will post grades on Canvas within a week of each exam.')).toEqual(
      [],
    );
    const far = Array.from({ length: 30 }, (_, i) => `Topic ${i + 1} is covered in the readings.`);
    expect(staff(...far, '', 'Jane Roe', 'jroe@x.edu')).toEqual([]);
    expect(
      staff('## Office Hours', '', 'I am glad to talk about anything related to the course.'),
    ).toEqual([]);
  });
});
