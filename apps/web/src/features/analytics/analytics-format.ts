/** Formatting of the analytics figures: days are YYYY-MM-DD in the teacher's zone, hours 0–23. */

const dayFormats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
};

/** "Mar 18", "Mar 2025" or "Tue, Mar 18, 2025" for "2025-03-18", whatever the browser's zone. */
export function formatDay(date: string, style: keyof typeof dayFormats = 'short'): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return dayFormats[style].format(new Date(Date.UTC(year, month - 1, day)));
}

const hourFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'UTC' });

/** "12 AM", "3 PM" */
export function formatHour(hour: number): string {
  return hourFormat.format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** "3 PM – 4 PM" */
export function formatHourSpan(hour: number): string {
  return `${formatHour(hour)} – ${formatHour((hour + 1) % 24)}`;
}

/** "2:05 PM": an instant's time in the IANA zone `timeZone`; the text itself if not an instant. */
export function formatTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
}

/** "850 ms", "1.2 s"; an em dash when there is nothing to average. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** Whole percent of `part` in `whole`; null when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100);
}

/** "1 question", "3 questions", "1,204 questions" */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}

/** "Last 30 days" */
export function rangeLabel(days: number): string {
  return days === 365 ? 'Last 12 months' : `Last ${days} days`;
}

/**
 * Which bars of `count` get an axis label: the first, the last, and about `labels` in all,
 * evenly spaced.
 */
export function tickIndexes(count: number, labels = 5): number[] {
  if (count <= labels) return Array.from({ length: count }, (_, i) => i);
  const step = Math.ceil((count - 1) / (labels - 1));
  const ticks: number[] = [];
  for (let i = 0; i < count - 1; i += step) ticks.push(i);
  // the last bar is always labelled; the label before it gives way when the two would crowd
  if (count - 1 - ticks[ticks.length - 1]! < step * 0.75) ticks.pop();
  ticks.push(count - 1);
  return ticks;
}

/** A round top for a chart's scale: 1, 2, 4, 5, 10, 20, 25, 50, 100… at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 4, 5, 10]) {
    const top = step * magnitude;
    if (top >= max && Number.isInteger(top)) return top;
  }
  return 10 * magnitude;
}
