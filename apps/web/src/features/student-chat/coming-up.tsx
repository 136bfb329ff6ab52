import { useId, useState } from 'react';
import { CalendarDays, ChevronDown } from 'lucide-react';
import type { ComingUpItem } from '@app/contracts';
import { DatedKindBadge } from '@/components/dates/dated-kind-badge';
import { formatCalendarDay } from '@/lib/dates';
import { cn } from '@/lib/utils';

/** From this width the card opens by itself; on a phone it is one line until tapped. */
export const COMING_UP_OPEN_QUERY = '(min-width: 640px)';

/** "2 this week" */
export const comingUpSummary = (count: number) => `${count} this week`;

function opensByItself(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia(COMING_UP_OPEN_QUERY).matches;
}

/**
 * The student chat's "Coming up" (issue 30): the class's dated items in the next seven days, each
 * with its weekday and date, what it is and its kind. Open on a wide screen; on a phone a single
 * line ("Coming up: 2 this week") that opens on a tap, so the conversation keeps the screen.
 * Nothing when nothing is coming up.
 */
export function ComingUp({ items }: { items: ComingUpItem[] }) {
  const [open, setOpen] = useState(opensByItself);
  const listId = useId();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-5 rounded-xl border border-ink-200 bg-white shadow-sm"
    >
      <h2 id={headingId} className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-label={`Coming up: ${comingUpSummary(items.length)}`}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 rounded-xl px-4 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="font-semibold text-ink-900">Coming up</span>
            <span className="text-ink-600">: {comingUpSummary(items.length)}</span>
          </span>
          <ChevronDown
            className={cn(
              'size-4 shrink-0 text-ink-500 transition-transform',
              open && 'rotate-180',
            )}
            aria-hidden="true"
          />
        </button>
      </h2>
      <ul
        id={listId}
        hidden={!open}
        aria-label="Coming up in the next 7 days"
        className="divide-y divide-ink-100 border-t border-ink-100"
      >
        {items.map((item) => (
          <li
            key={`${item.date}:${item.kind}:${item.title}`}
            className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2 text-sm"
          >
            <time
              dateTime={item.date}
              className="w-24 shrink-0 font-semibold text-ink-900 tabular-nums"
            >
              {formatCalendarDay(item.date)}
            </time>
            <span className="min-w-0 flex-1 break-words text-ink-800">{item.title}</span>
            <DatedKindBadge kind={item.kind} />
          </li>
        ))}
      </ul>
    </section>
  );
}
