import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOf,
  defaultTerm,
  monthDayOf,
  nextWeekday,
  shortDay,
  todayIn,
  weekOf,
} from './calendar.ts';

const FALL_2026 = { start: '2026-08-25', end: '2026-12-15' };
/** a Fall term whose finals run into January */
const FALL_INTO_JANUARY = { start: '2026-09-14', end: '2027-01-22' };

describe('dayOf: the day a date in the material means', () => {
  it('reads the common ways syllabi write a date', () => {
    for (const text of [
      'Oct 14',
      'October 14th',
      'Tue, Oct. 14',
      '14 October',
      '10/14',
      'Midterm 1 – Tuesday, October 14 at 2 pm',
    ])
      expect(dayOf(text, FALL_2026, 2026), text).toBe('2026-10-14');
    expect(dayOf('10/14/2025', FALL_2026, 2026)).toBe('2025-10-14');
    expect(dayOf('2026-12-01', FALL_2026, 2026)).toBe('2026-12-01');
  });

  it('puts a January date of a Fall term that runs into January in the next year', () => {
    expect(dayOf('Jan 8', FALL_INTO_JANUARY, 2026)).toBe('2027-01-08');
    expect(dayOf('Sep 20', FALL_INTO_JANUARY, 2026)).toBe('2026-09-20');
    // a Spring term's January is its own year
    expect(dayOf('Jan 20', { start: '2027-01-12', end: '2027-05-08' }, 2027)).toBe('2027-01-20');
  });

  it('reads a schedule that gives weeks and weekdays, not dates', () => {
    // the term starts on a Tuesday: week 1 is the week holding it
    expect(dayOf('Week 1', FALL_2026, 2026)).toBe('2026-08-24');
    expect(dayOf('Week 3, Wednesday: Essay 1 due', FALL_2026, 2026)).toBe('2026-09-09');
    expect(dayOf('week 10 Fri', FALL_2026, 2026)).toBe('2026-10-30');
    expect(dayOf('Week 3', { start: null, end: null }, 2026)).toBeNull();
  });

  it('without a term, the given year; no real day is null', () => {
    expect(dayOf('Mar 3', { start: null, end: null }, 2025)).toBe('2025-03-03');
    expect(dayOf('Feb 30', FALL_2026, 2026)).toBeNull();
    expect(dayOf('13/40', FALL_2026, 2026)).toBeNull();
    expect(dayOf('sometime in the fall', FALL_2026, 2026)).toBeNull();
    expect(monthDayOf('Room 214')).toBeNull();
  });
});

describe('todayIn: what day it is in the class’s time zone', () => {
  it('counts the day where the class is, not on the server', () => {
    const instant = new Date('2026-10-15T03:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-10-15');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-10-14');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-10-15');
    expect(todayIn('Pacific/Auckland', new Date('2026-10-14T11:30:00Z'))).toBe('2026-10-15');
  });

  it('keeps its day across a daylight-saving change', () => {
    // US clocks go back at 2:00 on Sunday, Nov 1 2026: 04:59Z is 23:59 on Saturday in New York
    expect(todayIn('America/New_York', new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
    expect(todayIn('America/New_York', new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    // and forward on Sunday, Mar 8 2026
    expect(todayIn('America/New_York', new Date('2026-03-09T03:59:00Z'))).toBe('2026-03-08');
    expect(todayIn('America/New_York', new Date('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
  });
});

describe('weeks and days', () => {
  it('a week runs Monday to Sunday, across month, year and daylight-saving changes', () => {
    expect(weekOf('2026-10-14')).toEqual({ start: '2026-10-12', end: '2026-10-18' });
    expect(weekOf('2026-10-12')).toEqual({ start: '2026-10-12', end: '2026-10-18' });
    expect(weekOf('2026-10-18')).toEqual({ start: '2026-10-12', end: '2026-10-18' });
    expect(weekOf('2026-11-01')).toEqual({ start: '2026-10-26', end: '2026-11-01' });
    expect(weekOf('2027-01-01')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('the next weekday counts today', () => {
    expect(nextWeekday('2026-10-14', 3)).toBe('2026-10-14');
    expect(nextWeekday('2026-10-14', 1)).toBe('2026-10-19');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(shortDay('2026-10-14')).toBe('Wed, Oct 14');
  });

  it('a term defaults from its semester and year', () => {
    expect(defaultTerm('Fall', 2026)).toEqual({ start: '2026-08-25', end: '2026-12-15' });
    expect(defaultTerm('Winter', 2027)).toEqual({ start: '2027-01-05', end: '2027-03-20' });
    expect(defaultTerm(null, 2026)).toEqual({ start: null, end: null });
    expect(defaultTerm('Spring', null)).toEqual({ start: null, end: null });
  });
});
