import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/retrieval.ts';
import { unitsOf } from './units.ts';

const passage = (body: string): Passage => ({
  chunkId: '1',
  contentId: 'c',
  title: 'Syllabus',
  contentType: 'syllabus',
  heading: null,
  body,
  rank: 1,
});

describe('unitsOf', () => {
  it('reads a short title alone on its line as the label of what follows', () => {
    const units = unitsOf(
      passage(
        [
          'Textbook',
          '',
          'Interactive Computer Graphics, Seventh Edition, Edward Angel.',
          '',
          'This is the Amazon site.',
        ].join('\n'),
      ),
      0,
    );
    expect(units.map((u) => [u.text, u.context])).toEqual([
      ['Interactive Computer Graphics, Seventh Edition, Edward Angel.', ['Textbook']],
      ['This is the Amazon site.', ['Textbook']],
    ]);
  });

  it('keeps a one-line sentence or a label with a value as a unit', () => {
    const units = unitsOf(passage('Attendance is required.\n\nOffice: THM 216'), 0);
    expect(units.map((u) => u.text)).toEqual(['Attendance is required.', 'Office: THM 216']);
  });
});
