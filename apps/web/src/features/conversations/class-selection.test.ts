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
  /** Nov 27, 2026: in the Fall 2026 term */
  const today = new Date('2026-11-27T15:00:00Z');
  const term = (semester: 'Fall' | 'Spring', year: number, start: string, end: string) => ({
    semester,
    year,
    term_start: start,
    term_end: end,
  });
  const old = makeClass({ class_name: 'Old', ...term('Spring', 2026, '2026-01-12', '2026-05-08') });
  const copy = makeClass({
    class_name: 'Copy',
    question_count: 0,
    ...term('Spring', 2027, '2027-01-12', '2027-05-08'),
  });
  const now = makeClass({ class_name: 'Now', ...term('Fall', 2026, '2026-08-25', '2026-12-15') });
  const groups = groupClasses([old, copy, now], 'Fall 2026');

  it('takes the class named in the URL when it is one of the teacher’s, even without questions', () => {
    expect(pickClass(groups, old.id, undefined, today)).toBe(old);
    expect(pickClass(groups, copy.id, undefined, today)).toBe(copy);
  });

  it('otherwise this term’s class students asked in, not the empty copy listed first', () => {
    expect(groups[0]!.classes).toEqual([copy]);
    expect(pickClass(groups, 'someone-elses-class', undefined, today)).toBe(now);
    expect(pickClass(groups, null, undefined, today)).toBe(now);
    expect(pickClass([], null, undefined, today)).toBeNull();
  });

  it('without one in the URL, prefers a class with a student waiting for a reply', () => {
    const waiting = new Map([
      [old.id, 2],
      [copy.id, 0],
    ]);
    expect(pickClass(groups, null, waiting, today)).toBe(old);
    expect(pickClass(groups, copy.id, waiting, today)).toBe(copy);
    expect(pickClass(groups, null, new Map(), today)).toBe(now);
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
