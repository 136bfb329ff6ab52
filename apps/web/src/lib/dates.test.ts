import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  calendarDay,
  formatCalendarDay,
  formatTerm,
  timeZoneLabel,
  timeZoneOptions,
} from './dates';

describe('calendar days', () => {
  it('reads only real YYYY-MM-DD days', () => {
    expect(calendarDay('2025-10-14')?.toISOString()).toBe('2025-10-14T00:00:00.000Z');
    expect(calendarDay('2025-02-30')).toBeNull();
    expect(calendarDay('Oct 14')).toBeNull();
    expect(calendarDay(null)).toBeNull();
  });

  it('formats a day as written, whatever the browser’s zone', () => {
    expect(formatCalendarDay('2025-10-14')).toBe('Tue, Oct 14');
    expect(formatCalendarDay('2025-10-14', 'long')).toBe('Tuesday, October 14');
    expect(formatCalendarDay('2026-01-05', 'shortYear')).toBe('Mon, Jan 5, 2026');
    expect(formatCalendarDay('soon')).toBe('soon');
  });

  it('writes a term as a range', () => {
    expect(formatTerm('2025-08-25', '2025-12-15')).toBe('Aug 25 – Dec 15, 2025');
    expect(formatTerm('2025-12-01', '2026-01-09')).toBe('Dec 1, 2025 – Jan 9, 2026');
    expect(formatTerm('2025-08-25', null)).toBe('From Aug 25, 2025');
    expect(formatTerm(null, null)).toBeNull();
  });
});

describe('time zones', () => {
  afterEach(() => vi.restoreAllMocks());

  it('defaults to the browser’s zone', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
      timeZone: 'America/Chicago',
    });
    expect(browserTimeZone()).toBe('America/Chicago');
  });

  it('falls back to UTC when the browser says none, or one it cannot use', () => {
    const options = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions();
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    spy.mockReturnValue({ ...options, timeZone: '' });
    expect(browserTimeZone()).toBe('UTC');
    spy.mockReturnValue({ ...options, timeZone: 'Mars/Olympus' });
    expect(browserTimeZone()).toBe('UTC');
  });

  it('offers every zone the browser knows, UTC and the class’s own', () => {
    const zones = timeZoneOptions();
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
    expect(timeZoneOptions('Etc/GMT+5')).toContain('Etc/GMT+5');
    expect(timeZoneLabel('America/Port_of_Spain')).toBe('America/Port of Spain');
  });
});
