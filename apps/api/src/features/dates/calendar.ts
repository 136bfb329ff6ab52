import type { Semester } from '@app/contracts';

/**
 * Calendar days as YYYY-MM-DD strings: what day it is in a time zone, days and weeks around it,
 * and the day a date in the material means, its year inferred from the class's term. A day has
 * no time, so daylight-saving changes never move it.
 */

export type Term = { start: string | null; end: string | null };

/**
 * A term's usual first and last day when the teacher gives none: the common US academic calendar
 * (Fall late August to mid December; Spring mid January to early May; Summer late May to early
 * August; Winter quarter January to March). The wizard shows and edits them.
 */
const TERM_DEFAULTS: Record<Semester, { start: string; end: string }> = {
  Fall: { start: '08-25', end: '12-15' },
  Spring: { start: '01-12', end: '05-08' },
  Summer: { start: '05-26', end: '08-07' },
  Winter: { start: '01-05', end: '03-20' },
};

export function defaultTerm(semester: Semester | null, year: number | null): Term {
  if (!semester || !year) return { start: null, end: null };
  const d = TERM_DEFAULTS[semester];
  return { start: `${year}-${d.start}`, end: `${year}-${d.end}` };
}

const DAY_MS = 86_400_000;
const toUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number): string => fromUtc(toUtc(iso) + days * DAY_MS);
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
/** 0 Sunday … 6 Saturday */
export const weekdayOf = (iso: string): number => new Date(toUtc(iso)).getUTCDay();

/** Today in `timeZone` (an IANA name). */
export function todayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The week (Monday to Sunday) that holds `iso`. */
export function weekOf(iso: string): { start: string; end: string } {
  const start = addDays(iso, -((weekdayOf(iso) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

/** The next `weekday` (0 Sunday … 6 Saturday) from `iso` on, `iso` itself included. */
export const nextWeekday = (iso: string, weekday: number): string =>
  addDays(iso, (weekday - weekdayOf(iso) + 7) % 7);

/** "Tue, Oct 14" */
export function shortDay(iso: string): string {
  return new Date(toUtc(iso)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
}

/** "Wednesday, October 14, 2026" */
export function longDay(iso: string): string {
  return new Date(toUtc(iso)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
const MONTH_NAME = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** "October 14, 2026", "Oct. 14th", "Mon Oct 14" */
const NAME_DAY = new RegExp(
  `\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`,
  'i',
);
/** "14 October 2026" */
const DAY_NAME = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_NAME}(?:,?\\s+(\\d{4}))?`,
  'i',
);
/** "2026-10-14" */
const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/;
/** "10/14", "10/14/26", "10-14-2026" (month first, as US syllabi write) */
const NUMERIC = /\b(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2}|\d{4}))?\b/;

type MonthDay = { month: number; day: number; year: number | null };

/** The month, day and (when written) year of the first date in `text`. */
export function monthDayOf(text: string): MonthDay | null {
  let m = ISO.exec(text);
  if (m) return valid(Number(m[2]), Number(m[3]), Number(m[1]));
  m = NAME_DAY.exec(text);
  if (m) return valid(monthOf(m[1]!), Number(m[2]), m[3] ? Number(m[3]) : null);
  m = DAY_NAME.exec(text);
  if (m) return valid(monthOf(m[2]!), Number(m[1]), m[3] ? Number(m[3]) : null);
  m = NUMERIC.exec(text);
  if (m) {
    const year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : null;
    return valid(Number(m[1]), Number(m[2]), year);
  }
  return null;
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase() as never) + 1;

function valid(month: number, day: number, year: number | null): MonthDay | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { month, day, year };
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A date the material gives with no year is this close to its term, at most. */
const OUTSIDE_TERM_DAYS = 45;

/** "Week 5", "week 5, Wednesday": a schedule that gives weeks and weekdays, not dates */
const WEEK = /\bweek\s+(\d{1,2})\b/i;
const WEEKDAY_NAME = /\b(sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?\b/i;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The day of a term's week `n` (its Monday, or the weekday `text` names); week 1 holds its start. */
function weekDayOf(text: string, term: Term): string | null {
  const week = WEEK.exec(text);
  if (!week || !term.start) return null;
  const monday = addDays(weekOf(term.start).start, (Number(week[1]) - 1) * 7);
  const named = WEEKDAY_NAME.exec(text.slice(week.index));
  const weekday = named ? WEEKDAYS.indexOf(named[1]!.toLowerCase()) : 1;
  return addDays(monday, (weekday + 6) % 7);
}

/**
 * The day `text` names: its year as written, else the year that puts it in (or nearest) the term
 * ("Jan 8" in a Fall term that runs into January is next year's), else `fallbackYear`'s; or a
 * term's week and weekday ("Week 3, Wed"). Null when `text` names no real day.
 */
export function dayOf(text: string, term: Term, fallbackYear: number): string | null {
  const md = monthDayOf(text);
  if (!md) return weekDayOf(text, term);
  const exact = (y: number) => {
    const day = iso(y, md.month, md.day);
    const ms = toUtc(day);
    return !Number.isNaN(ms) && fromUtc(ms) === day ? day : null; // Feb 30 is no day
  };
  if (md.year) return exact(md.year);
  if (!term.start || !term.end) return exact(fallbackYear);
  const from = addDays(term.start, -OUTSIDE_TERM_DAYS);
  const to = addDays(term.end, OUTSIDE_TERM_DAYS);
  const first = Number(term.start.slice(0, 4));
  const candidates = [first - 1, first, first + 1, first + 2]
    .map(exact)
    .filter((d): d is string => d !== null);
  const inTerm = candidates.find((d) => d >= from && d <= to);
  if (inTerm) return inTerm;
  const middle = addDays(term.start, Math.round(daysBetween(term.start, term.end) / 2));
  return (
    candidates.sort(
      (a, b) => Math.abs(daysBetween(middle, a)) - Math.abs(daysBetween(middle, b)),
    )[0] ?? null
  );
}
