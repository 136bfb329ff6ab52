import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readAccommodations } from './accommodations.ts';

const accommodations = (...lines: string[]) =>
  readAccommodations(readDocument(lines.join('\n'))).map((f) => `${f.attribute}: ${f.value}`);

describe('readAccommodations', () => {
  it('reads the section its heading names: summary, office and contacts', () => {
    expect(
      accommodations(
        '## Students with Disabilities',
        'Students who need accommodations should contact the Office of Disability Services at ods@uni.edu or 555-123-4567.',
      ),
    ).toEqual([
      'summary: Students who need accommodations should contact the Office of Disability Services at ods@uni.edu or 555-123-4567.',
      'office: Office of Disability Services',
      'email: ods@uni.edu',
      'phone: 555-123-4567',
    ]);
  });

  it('reads the lines that speak of accommodations when no heading names them', () => {
    expect(
      accommodations(
        '## Policies',
        'Students with a disability should see the Accessibility Resource Center (ARC).',
        'See https://arc.uni.edu/.',
      ),
    ).toEqual([
      'summary: Students with a disability should see the Accessibility Resource Center (ARC). See https://arc.uni.edu/.',
      'office: Accessibility Resource Center (ARC)',
      'website: https://arc.uni.edu/',
    ]);
  });

  it('reads no contact past where the text turns to another office, and nothing when none is named', () => {
    expect(
      accommodations(
        '## Accommodations',
        'Students who need accommodations should contact the Disability Resource Center.',
        'For Title IX concerns, write to titleix@uni.edu.',
      ).filter((f) => f.startsWith('email')),
    ).toEqual([]);
    expect(accommodations('## Grading', 'Homework counts for half of the grade.')).toEqual([]);
  });
});
