import { describe, expect, it } from 'vitest';
import { nextSeason, seasonFor } from './seasons.ts';

describe('seasonFor (SPEC §9)', () => {
  it.each([
    ['2026-07-31T23:59:59.999Z', 'Summer 2026'],
    ['2026-08-01T00:00:00.000Z', 'Fall 2026'],
    ['2026-04-30T23:59:59.999Z', 'Spring 2026'],
    ['2026-05-01T00:00:00.000Z', 'Summer 2026'],
    ['2026-12-31T23:59:59.999Z', 'Fall 2026'],
    ['2027-01-01T00:00:00.000Z', 'Spring 2027'],
  ])('%s is %s', (iso, name) => {
    expect(seasonFor(new Date(iso)).name).toBe(name);
  });

  it('gives each season its first and last instant', () => {
    expect(seasonFor(new Date('2026-09-15T12:00:00Z'))).toEqual({
      season: 'Fall',
      year: 2026,
      name: 'Fall 2026',
      starts_at: '2026-08-01T00:00:00.000Z',
      ends_at: '2026-12-31T23:59:59.999Z',
    });
    expect(seasonFor(new Date('2026-02-28T00:00:00Z')).ends_at).toBe('2026-04-30T23:59:59.999Z');
  });

  it('follows Fall with the next Spring', () => {
    expect(nextSeason(new Date('2026-11-22T00:00:00Z')).name).toBe('Spring 2027');
    expect(nextSeason(new Date('2026-06-01T00:00:00Z')).name).toBe('Fall 2026');
  });
});
