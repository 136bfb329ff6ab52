import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readRequirements } from './requirements.ts';

const requirements = (...lines: string[]) =>
  readRequirements(readDocument(lines.join('\n'))).map((f) => `${f.kind} | ${f.value}`);

describe('readRequirements', () => {
  it('reads the first sentence of a labelled line, even mid-sentence', () => {
    expect(
      requirements(
        'Pre-requisites: BIOL 2600; at least one of BIOL 2010, 2122 or 2210. Talk to me otherwise.',
        'This is a course for majors, and the prerequisite: MATH 101 or its equivalent.',
      ),
    ).toEqual([
      'prerequisite | BIOL 2600; at least one of BIOL 2010, 2122 or 2210.',
      'prerequisite | MATH 101 or its equivalent.',
    ]);
  });

  it('reads the lines of a prerequisites or corequisites section', () => {
    expect(
      requirements('## Prerequisites', '', '- CS 61A', '', '## Corequisites', '', 'MATH 54.'),
    ).toEqual(['prerequisite | CS 61A', 'corequisite | MATH 54.']);
  });

  it('reads no requirement from prose that only mentions one, or a long paragraph', () => {
    expect(requirements('There are no formal prerequisites for this course.')).toEqual([]);
    expect(requirements('## Prerequisites', '', Array(45).fill('word').join(' '))).toEqual([]);
  });
});
