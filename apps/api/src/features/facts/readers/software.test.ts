import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readSoftware } from './software.ts';

const software = (...lines: string[]) =>
  readSoftware(readDocument(lines.join('\n'))).map((f) => f.subject);

describe('readSoftware', () => {
  it('reads labelled software, items under a tools heading and known names anywhere', () => {
    expect(
      software(
        'Software: RStudio, Git',
        '',
        '## Tools',
        '- Overleaf for writing',
        '',
        'We will write Python in Jupyter notebooks.',
      ),
    ).toEqual(['RStudio', 'Git', 'Overleaf for writing', 'Overleaf', 'Python', 'Jupyter']);
  });

  it('reads a known name in a list item under a pending label', () => {
    expect(
      software(
        '## Instructor',
        '',
        'Dr. Arthur Morris Office Hours:',
        '',
        '- Wednesday 10:00-11:00 via Zoom',
      ),
    ).toEqual(['Zoom']);
  });

  it('reads no campus office listed under a tools heading, nor a name inside a word', () => {
    expect(software('## Tools', '- The Writing Center', '- Counseling services')).toEqual([]);
    expect(software('Our Rubric for Rational argument is on Canvas pages.')).not.toContain('R');
  });
});
