import { describe, expect, it } from 'vitest';
import { makeClass } from '@/test/class-fixtures';
import { inCurrentTerm, openingClass, todayIn } from './opening-class';

/** 03:00 UTC on Sep 1, 2026: still Aug 31 in New York */
const at = new Date('2026-09-01T03:00:00Z');

describe('todayIn', () => {
  it('is the calendar day in the zone, UTC for a zone the browser does not know', () => {
    expect(todayIn('UTC', at)).toBe('2026-09-01');
    expect(todayIn('America/New_York', at)).toBe('2026-08-31');
    expect(todayIn('Mars/Olympus_Mons', at)).toBe('2026-09-01');
  });
});

describe('inCurrentTerm', () => {
  it('counts both ends of the term, in the class’s own time zone', () => {
    const fall = { term_start: '2026-09-01', term_end: '2026-12-15', question_count: 1 };
    expect(inCurrentTerm({ ...fall, time_zone: 'UTC' }, at)).toBe(true);
    expect(inCurrentTerm({ ...fall, time_zone: 'America/New_York' }, at)).toBe(false);
    expect(inCurrentTerm({ ...fall, term_end: '2026-09-01', time_zone: 'UTC' }, at)).toBe(true);
    expect(inCurrentTerm({ ...fall, term_start: null, time_zone: 'UTC' }, at)).toBe(false);
  });
});

describe('openingClass', () => {
  const today = new Date('2026-11-27T12:00:00Z');
  const fall = { term_start: '2026-08-25', term_end: '2026-12-15', time_zone: 'UTC' };
  const spring = { term_start: '2027-01-12', term_end: '2027-05-08', time_zone: 'UTC' };
  const lastSpring = { term_start: '2026-01-12', term_end: '2026-05-08', time_zone: 'UTC' };

  it('picks this term’s class with questions over the copy for next term listed first', () => {
    const copy = makeClass({ ...spring, question_count: 0 });
    const empty = makeClass({ ...fall, question_count: 0 });
    const asked = makeClass({ ...fall, question_count: 5 });
    expect(openingClass([copy, empty, asked], today)).toBe(asked);
  });

  it('else the most recent class with questions, else the first listed', () => {
    const copy = makeClass({ ...spring, question_count: 0 });
    const older = makeClass({ ...lastSpring, question_count: 9 });
    const newer = makeClass({
      term_start: '2026-05-26',
      term_end: '2026-08-07',
      time_zone: 'UTC',
      question_count: 2,
    });
    const undated = makeClass({ term_start: null, term_end: null, question_count: 40 });
    expect(openingClass([copy, undated, older, newer], today)).toBe(newer);
    expect(openingClass([copy, makeClass({ ...fall, question_count: 0 })], today)).toBe(copy);
    expect(openingClass([], today)).toBeNull();
  });
});
