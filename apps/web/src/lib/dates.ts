import type { DatedKind } from '@app/contracts';

/**
 * Calendar days (issue 30): a class's dated items are days of its own time zone, written
 * YYYY-MM-DD. They are shown as they are written: read as midnight UTC and formatted in UTC, so
 * "2025-10-14" is "Tue, Oct 14" wherever the browser is.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day at midnight UTC, or null for anything that is not a real YYYY-MM-DD. */
export function calendarDay(iso: string | null | undefined): Date | null {
  const match = iso ? DAY.exec(iso) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === iso ? date : null;
}

const formats = {
  /** "Tue, Oct 14" */
  short: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "Tue, Oct 14, 2025" */
  shortYear: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** "Tuesday, October 14" */
  long: { weekday: 'long', month: 'long', day: 'numeric' },
  /** "Oct 14" */
  monthDay: { month: 'short', day: 'numeric' },
  /** "Oct 14, 2025" */
  monthDayYear: { month: 'short', day: 'numeric', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<keyof typeof formats, Intl.DateTimeFormat>();

/** A YYYY-MM-DD day as people read it ("Tue, Oct 14"); the text as given when it is not one. */
export function formatCalendarDay(iso: string, style: keyof typeof formats = 'short'): string {
  const date = calendarDay(iso);
  if (!date) return iso;
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...formats[style], timeZone: 'UTC' });
    formatters.set(style, formatter);
  }
  return formatter.format(date);
}

/**
 * A term as a range: "Aug 25 – Dec 15, 2025", "Dec 1, 2025 – Jan 9, 2026" across a new year, or
 * one end alone; null when neither is known.
 */
export function formatTerm(start: string | null, end: string | null): string | null {
  const from = calendarDay(start);
  const to = calendarDay(end);
  if (from && to) {
    const sameYear = from.getUTCFullYear() === to.getUTCFullYear();
    return `${formatCalendarDay(start!, sameYear ? 'monthDay' : 'monthDayYear')} – ${formatCalendarDay(end!, 'monthDayYear')}`;
  }
  if (from) return `From ${formatCalendarDay(start!, 'monthDayYear')}`;
  if (to) return `Until ${formatCalendarDay(end!, 'monthDayYear')}`;
  return null;
}

/** What each kind of dated item is called on a badge. */
export const DATED_KIND_LABELS: Record<DatedKind, string> = {
  exam: 'Exam',
  due: 'Due',
  no_class: 'No class',
  event: 'Event',
};

/** The browser's IANA time zone ("America/New_York"); UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return 'UTC';
    // a name this browser cannot format in is no use to the class
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** "America/New_York" as people read it: "America/New York". */
export const timeZoneLabel = (zone: string) => zone.replace(/_/g, ' ');

let zones: string[] | null = null;

/**
 * The time zones a teacher may pick: every IANA zone this browser knows, and UTC, in
 * alphabetical order, with `current` (a class's stored zone, which this browser may list under
 * another name) always among them.
 */
export function timeZoneOptions(current?: string): string[] {
  if (!zones) {
    let known: string[] = [];
    try {
      known = Intl.supportedValuesOf('timeZone');
    } catch {
      known = [];
    }
    zones = [...new Set([...known, 'UTC'])].sort((a, b) => a.localeCompare(b));
  }
  return current && !zones.includes(current)
    ? [...zones, current].sort((a, b) => a.localeCompare(b))
    : zones;
}
