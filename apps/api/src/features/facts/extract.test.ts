import { describe, expect, it } from 'vitest';
import { extractFacts } from './extract.ts';

// What each reader reads and must not read: readers/*.test.ts. Here: the readers together.
describe('extractFacts', () => {
  const text = [
    '# BIOL 3295: Population Ecology',
    '',
    'Room',
    '~ SN3060',
    '',
    'Instructor: Dr. Amy Hurford',
    'Office: CSF 4338',
    '',
    'TR 12.00-12.50pm',
    '',
    'Pre-requisites: BIOL 2600; at least one of BIOL 2010, 2122 or 2210.',
    '',
    '## Late Work',
    'Late assignments lose 10% per day.',
  ].join('\n');
  const facts = extractFacts(text);

  it('gives the facts by kind, in the order of the readers, each kind in document order', () => {
    expect(facts.map((f) => [f.kind, f.subject, f.attribute, f.value])).toEqual([
      ['staff', 'Dr. Amy Hurford', 'role', 'Instructor'],
      ['staff', 'Dr. Amy Hurford', 'office', 'CSF 4338'],
      ['meeting', 'Lecture', 'place', 'SN3060'],
      ['meeting', 'Lecture', 'time', 'TR 12.00-12.50pm'],
      [
        'prerequisite',
        'Course',
        'requirement',
        'BIOL 2600; at least one of BIOL 2010, 2122 or 2210.',
      ],
      ['policy', 'late', 'summary', 'Late assignments lose 10% per day.'],
    ]);
  });

  it('quotes the source line of each fact and is deterministic', () => {
    expect(facts.find((f) => f.attribute === 'office')!.sourceText).toBe('Office: CSF 4338');
    expect(extractFacts(text)).toEqual(facts);
  });

  it('finds nothing in text that states nothing', () => {
    expect(extractFacts('')).toEqual([]);
    expect(extractFacts('The mitochondria is the powerhouse of the cell.')).toEqual([]);
  });
});
