import { describe, expect, it } from 'vitest';
import { readDocument } from '../document.ts';
import { readGradeScale } from './grade-scale.ts';

const scale = (...lines: string[]) =>
  readGradeScale(readDocument(lines.join('\n'))).map((f) => `${f.subject} ${f.value}`);

describe('readGradeScale', () => {
  it('reads range then letter rows and letter then range lists', () => {
    expect(
      scale('Percentage grade | Letter grade', '>=90.0% | A', '>=80.0% | B', '>=70.0% | C'),
    ).toEqual(['A >=90.0%', 'B >=80.0%', 'C >=70.0%']);
    expect(scale('- A: 93-100', '- A-: 90-92', '- B+: 87-89', '- F: below 60')).toEqual([
      'A 93-100',
      'A- 90-92',
      'B+ 87-89',
    ]);
  });

  it('reads a horizontal grade scale (letters as column headers)', () => {
    expect(
      scale(
        '| A | A- | B+ | B |',
        '| --- | --- | --- | --- |',
        '| 100-93 | 92-90 | 89-87 | 86-83 |',
      ),
    ).toEqual(['A 100-93', 'A- 92-90', 'B+ 89-87', 'B 86-83']);
  });

  it('reads no scale from fewer than three letters, headings, or numbers that are not scores', () => {
    expect(scale('A 90-100 and B 80-89 are good grades.')).toEqual([]);
    expect(scale('# A 90', '# B 80', '# C 70')).toEqual([]);
    expect(scale('A 150-200', 'B 120-149', 'C 100-119')).toEqual([]);
  });
});
