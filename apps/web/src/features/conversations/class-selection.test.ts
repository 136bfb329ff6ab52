import { describe, expect, it } from 'vitest';
import { groupClasses } from '@/lib/class-groups';
import { makeClass } from '@/test/class-fixtures';
import { parseView, pickClass, recentEstimate } from './class-selection';

describe('recentEstimate (SPEC §9: 20 % of the total, rounded down)', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [9, 1],
    [20, 4],
    [99, 19],
  ])('%i questions → ~%i recent', (total, recent) => {
    expect(recentEstimate(total)).toBe(recent);
  });
});

describe('pickClass', () => {
  const old = makeClass({ class_name: 'Old', semester: 'Spring', year: 2024 });
  const next = makeClass({ class_name: 'Next', semester: 'Spring', year: 2026 });
  const now = makeClass({ class_name: 'Now', semester: 'Fall', year: 2025 });
  const groups = groupClasses([old, next, now], 'Fall 2025');

  it('takes the class named in the URL when it is one of the teacher’s', () => {
    expect(pickClass(groups, old.id, true)).toBe(old);
  });

  it('otherwise the first of the current season, or the first listed', () => {
    expect(pickClass(groups, 'someone-elses-class', true)).toBe(now);
    expect(pickClass(groups, null, false)).toBe(next);
    expect(pickClass(groupClasses([old], 'Fall 2025'), null, true)).toBe(old);
    expect(pickClass([], null, true)).toBeNull();
  });

  it('without one in the URL, prefers a class with a student waiting for a reply', () => {
    const waiting = new Map([
      [old.id, 2],
      [next.id, 0],
    ]);
    expect(pickClass(groups, null, true, waiting)).toBe(old);
    expect(pickClass(groups, next.id, true, waiting)).toBe(next);
    expect(pickClass(groups, null, true, new Map())).toBe(now);
  });
});

describe('parseView', () => {
  it('knows requests and unanswered; anything else is the conversations list', () => {
    expect(parseView('requests')).toBe('requests');
    expect(parseView('unanswered')).toBe('unanswered');
    expect(parseView('bogus')).toBe('conversations');
    expect(parseView(null)).toBe('conversations');
  });
});
