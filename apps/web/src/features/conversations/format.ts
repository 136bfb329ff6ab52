/** Dates and times in the teacher's own locale (the browser's), unlike the en-US billing pages. */

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Sep 4, 2025, 3:05 PM" (en-US) */
export function formatDateTime(iso: string): string {
  const date = toDate(iso);
  if (!date) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** "Sep 4, 2025" (en-US) */
export function formatDate(iso: string): string {
  const date = toDate(iso);
  if (!date) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "now" */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const date = toDate(iso);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** "1 question", "12 questions"; `atLeast`: "1,000+ matches" */
export function plural(count: number, one: string, many = `${one}s`, atLeast = false): string {
  if (atLeast) return `${count.toLocaleString()}+ ${many}`;
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}
