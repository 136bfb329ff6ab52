import type { ClassItem } from '@app/contracts';

type Dated = Pick<ClassItem, 'term_start' | 'term_end' | 'time_zone' | 'question_count'>;

/** The calendar day (YYYY-MM-DD) `now` falls on in `timeZone`; in UTC for a zone the browser lacks. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const day = (zone: string) =>
    // en-CA writes the day as YYYY-MM-DD
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  try {
    return day(timeZone);
  } catch {
    return day('UTC');
  }
}

/** Today, in the class's own time zone, is a day of its term (both ends included). */
export function inCurrentTerm(item: Dated, now: Date = new Date()): boolean {
  if (!item.term_start || !item.term_end) return false;
  const today = todayIn(item.time_zone, now);
  return item.term_start <= today && today <= item.term_end;
}

/** Latest term first (by its end, then its start); a class without a term last. */
const byRecentTerm = (a: Dated, b: Dated) =>
  (b.term_end ?? '').localeCompare(a.term_end ?? '') ||
  (b.term_start ?? '').localeCompare(a.term_start ?? '');

/**
 * The class a page opens on when the URL names none (issue 31): this term's class that students
 * asked in (a course copied for next semester is not it: its copy has no questions yet); else
 * the most recent class students asked in; else the first listed. `classes` in the order the
 * page lists them; the first of equals wins.
 */
export function openingClass<T extends Dated>(classes: T[], now: Date = new Date()): T | null {
  const asked = classes.filter((c) => c.question_count > 0);
  return (
    asked.find((c) => inCurrentTerm(c, now)) ??
    [...asked].sort(byRecentTerm)[0] ??
    classes[0] ??
    null
  );
}
