import type { Season, SeasonName } from '@app/contracts';

/** SPEC §9: August to December is Fall, May to July Summer, otherwise Spring (UTC months). */
function seasonNameFor(date: Date): SeasonName {
  const month = date.getUTCMonth() + 1;
  if (month >= 8) return 'Fall';
  if (month >= 5) return 'Summer';
  return 'Spring';
}

const firstMonth: Record<SeasonName, number> = { Spring: 0, Summer: 4, Fall: 7 };
const lastMonth: Record<SeasonName, number> = { Spring: 3, Summer: 6, Fall: 11 };

/** The season holding `date`, with its first and last instant. */
export function seasonFor(date: Date): Season {
  const season = seasonNameFor(date);
  const year = date.getUTCFullYear();
  const startsAt = new Date(Date.UTC(year, firstMonth[season], 1));
  const endsAt = new Date(Date.UTC(year, lastMonth[season] + 1, 1) - 1);
  return {
    season,
    year,
    name: `${season} ${year}`,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
  };
}

/** The season after the one holding `date`. */
export function nextSeason(date: Date): Season {
  return seasonFor(new Date(new Date(seasonFor(date).ends_at).getTime() + 1));
}

const NEWEST_FIRST: Record<SeasonName, number> = { Fall: 0, Summer: 1, Spring: 2 };

/**
 * Orders season names ("Fall 2026") as the dashboard groups semesters (SPEC §9): year
 * descending, then Fall, Summer, Spring.
 */
export function compareSeasonsNewestFirst(a: string, b: string): number {
  const [aSeason, aYear] = a.split(' ') as [SeasonName, string];
  const [bSeason, bYear] = b.split(' ') as [SeasonName, string];
  return Number(bYear) - Number(aYear) || NEWEST_FIRST[aSeason] - NEWEST_FIRST[bSeason];
}
