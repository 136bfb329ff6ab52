import { describe, expect, it } from 'vitest';
import { makeClass } from '@/test/class-fixtures';
import { classChoiceName, groupClasses } from './class-groups';

describe('groupClasses', () => {
  it('orders newest year first, then Fall, Summer, Spring, Winter, then Other; names sorted', () => {
    const classes = [
      makeClass({ class_name: 'Zoology', semester: 'Spring', year: 2026 }),
      makeClass({ class_name: 'Anatomy', semester: 'Spring', year: 2026 }),
      makeClass({ class_name: 'Botany', semester: 'Fall', year: 2025 }),
      makeClass({ class_name: 'Chem', semester: 'Summer', year: 2025 }),
      makeClass({ class_name: 'Drama', semester: 'Spring', year: 2025 }),
      makeClass({ class_name: 'Ethics', semester: 'Winter', year: 2025 }),
      makeClass({ class_name: 'Undated', semester: null, year: null }),
      makeClass({ class_name: 'Fall 26', semester: 'Fall', year: 2026 }),
    ];
    const groups = groupClasses(classes, 'Fall 2025');
    expect(groups.map((g) => g.label)).toEqual([
      'Fall 2026',
      'Spring 2026',
      'Fall 2025',
      'Summer 2025',
      'Spring 2025',
      'Winter 2025',
      'Other',
    ]);
    expect(groups[1]!.classes.map((c) => c.class_name)).toEqual(['Anatomy', 'Zoology']);
    expect(groups.filter((g) => g.isCurrent).map((g) => g.label)).toEqual(['Fall 2025']);
  });
});

describe('classChoiceName (issue 31)', () => {
  it('names a class with its code and term, so a course taught again is told apart', () => {
    const base = { class_name: 'Cell Biology', course_code: 'BIOL 201' };
    expect(classChoiceName({ ...base, semester: 'Fall', year: 2026 })).toBe(
      'Cell Biology (BIOL 201) · Fall 2026',
    );
    expect(classChoiceName({ ...base, semester: 'Spring', year: 2027 })).toBe(
      'Cell Biology (BIOL 201) · Spring 2027',
    );
    expect(classChoiceName({ ...base, course_code: null, semester: null, year: null })).toBe(
      'Cell Biology',
    );
  });
});
