import { describe, expect, it } from 'vitest';
import { DatesService } from './dates.service.ts';

const calendar = {
  term_start: '2026-08-25',
  term_end: '2026-12-15',
  time_zone: 'America/New_York',
  year: 2026,
};
const service = (today?: string) =>
  new DatesService({
    facts: { sheet: async () => [], update: async () => never(), delete: async () => never() },
    classes: { get: async () => never(), calendarOf: async () => calendar },
    now: () => new Date('2026-10-15T02:30:00Z'),
    today,
  });
const never = (): never => {
  throw new Error('not used');
};

describe('DatesService: what day it is for a class', () => {
  it('today in the class’s zone, or the day ASSISTANT_TODAY fixes', () => {
    // 02:30Z on Oct 15 is still Oct 14 in New York
    expect(service().today(calendar)).toBe('2026-10-14');
    expect(service('2026-11-02').today(calendar)).toBe('2026-11-02');
    // term+N: the Nth day after each class's term starts
    expect(service('term+52').today(calendar)).toBe('2026-10-16');
    expect(service('term+52').today({ ...calendar, term_start: null })).toBe('2026-10-14');
  });

  it('one line for a model’s prompt', async () => {
    expect(await service().todayLine('any')).toBe(
      "Today is Wednesday, October 14, 2026 in the class's time zone (America/New_York). The term runs from Tuesday, August 25, 2026 to Tuesday, December 15, 2026.",
    );
  });
});
