import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDuration,
  formatHour,
  formatHourSpan,
  formatTime,
  niceMax,
  percentOf,
  tickIndexes,
} from './analytics-format';

describe('analytics formatting', () => {
  it('formats a YYYY-MM-DD day as that day, whatever the browser zone', () => {
    expect(formatDay('2025-03-18')).toBe('Mar 18');
    expect(formatDay('2025-03-18', 'long')).toBe('Tue, Mar 18, 2025');
    expect(formatDay('2025-11-02', 'month')).toBe('Nov 2025');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it("formats an instant as the time in the teacher's zone", () => {
    const at = '2025-03-18T14:05:09.000Z';
    expect(formatTime(at, 'Europe/Berlin')).toBe('3:05 PM');
    expect(formatTime(at, 'America/New_York')).toBe('10:05 AM');
    expect(formatTime(at, 'Asia/Kolkata')).toBe('7:35 PM');
    expect(formatTime('not an instant', 'UTC')).toBe('not an instant');
  });

  it('formats hours, durations and shares', () => {
    expect([0, 9, 12, 23].map(formatHour)).toEqual(['12 AM', '9 AM', '12 PM', '11 PM']);
    expect(formatHourSpan(23)).toBe('11 PM – 12 AM');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850.4)).toBe('850 ms');
    expect(formatDuration(1250)).toBe('1.3 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('labels the first and last bar and about five in all, never two crowded together', () => {
    expect(tickIndexes(3)).toEqual([0, 1, 2]);
    expect(tickIndexes(7)).toEqual([0, 2, 4, 6]);
    expect(tickIndexes(30)).toEqual([0, 8, 16, 29]);
    expect(tickIndexes(365)).toEqual([0, 91, 182, 273, 364]);
    expect(tickIndexes(0)).toEqual([]);
  });

  it('rounds the top of the scale up to a round number', () => {
    expect([0, 1, 3, 5, 7, 12, 23, 48, 130].map(niceMax)).toEqual([
      1, 1, 4, 5, 10, 20, 25, 50, 200,
    ]);
  });
});
