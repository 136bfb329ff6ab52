import type { Semester } from '@app/contracts';

/** A term's first and last day, YYYY-MM-DD. */
export interface Term {
  start: string;
  end: string;
}

/**
 * Each semester's usual first and last day (month, day), as the server assumes them when a class
 * leaves its term out (issue 30): the form starts from these and the teacher corrects them.
 */
export const SEMESTER_TERMS: Record<Semester, { start: [number, number]; end: [number, number] }> =
  {
    Fall: { start: [8, 25], end: [12, 15] },
    Spring: { start: [1, 12], end: [5, 8] },
    Summer: { start: [5, 26], end: [8, 7] },
    Winter: { start: [1, 5], end: [3, 20] },
  };

const day = (year: number, [month, date]: [number, number]) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

/**
 * The usual term of a semester in a year ("Fall", 2025 → 2025-08-25 to 2025-12-15); null without a
 * semester or a year (the form holds the year as text, "" when there is none).
 */
export function termDefaults(
  semester: Semester | '' | null | undefined,
  year: number | string | null | undefined,
): Term | null {
  if (!semester) return null;
  const y = typeof year === 'string' ? Number.parseInt(year, 10) : year;
  if (y === null || y === undefined || !Number.isInteger(y) || y < 1) return null;
  const term = SEMESTER_TERMS[semester];
  return { start: day(y, term.start), end: day(y, term.end) };
}
