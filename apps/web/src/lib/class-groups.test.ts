import { describe, expect, it } from 'vitest';
import { makeClass } from '@/test/class-fixtures';
import { groupClasses } from './class-groups';

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
