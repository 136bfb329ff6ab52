import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronDown, Pencil, Trash2, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { ClassDates, DatedItem } from '@app/contracts';
import { DatedKindBadge } from '@/components/dates/dated-kind-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatCalendarDay, formatTerm, timeZoneLabel } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { deleteDatedItem } from './api/delete-dated-item';
import { useClassDates } from './api/get-class-dates';
import { refreshDates } from './api/update-dated-item';
import { FactSource } from './course-fact-row';
import { DatedItemDialog } from './dated-item-dialog';
import {
  cancelRemoval,
  flushRemovals,
  scheduleRemoval,
  useRemoving,
  type Removal,
} from './dates-removals';

/** How long a removed date can be brought back before it is deleted. */
export const UNDO_MS = 10_000;

export const DATES_TEXT = {
  intro:
    'Students asking “what’s due this week?” or “when is the next exam?” are answered from these dates. Correct a date, or remove one that is not a date of this course.',
  empty: 'No dates found in your material yet.',
  emptyHint: 'Dates in your syllabus’s schedule, due dates, exams and holidays appear here.',
  loadFailed: 'Could not load the dates.',
  removedStatus: (title: string) =>
    `Removed “${title}”: students are no longer told this date. Undo is beside it for a few seconds.`,
  restored: (title: string) => `“${title}” is back.`,
  removeFailed: (title: string) => `Could not remove “${title}”`,
  saved: (title: string) => `“${title}” saved: students are told the corrected date.`,
} as const;

/** "Today is Tuesday, October 14 · Term Aug 25 – Dec 15, 2025 · America/New York" */
export function datesHeader(dates: ClassDates): string {
  const term = formatTerm(dates.term_start, dates.term_end);
  return [
    `Today is ${formatCalendarDay(dates.today, 'long')}`,
    term ? `Term ${term}` : 'No term set',
    timeZoneLabel(dates.time_zone),
  ].join(' · ');
}

/** The row's date: the year too when it is not this year's. */
const rowDay = (date: string, today: string) =>
  formatCalendarDay(date, date.slice(0, 4) === today.slice(0, 4) ? 'short' : 'shortYear');

/**
 * Course facts → Dates (issue 30): the class's dated items from today on, the past ones on
 * demand, each correctable (a dialog: date and title) and removable (at once, with Undo in a
 * toast; deleted when the toast ends).
 */
export function DatesSection({ classId }: { classId: string }) {
  const queryClient = useQueryClient();
  const query = useClassDates(classId);
  const removing = useRemoving();
  const [editing, setEditing] = useState<DatedItem | null>(null);
  const [showPast, setShowPast] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const trigger = useRef<HTMLElement | null>(null);
  /** the saved item's id: its row may be new (a correction's id), its Edit takes focus */
  const savedId = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const focusEdit = (itemId: string) =>
    listRef.current?.querySelector<HTMLElement>(`[data-edit-date="${CSS.escape(itemId)}"]`);
  const focusUndo = (itemId: string) =>
    listRef.current?.querySelector<HTMLElement>(`[data-undo-date="${CSS.escape(itemId)}"]`);

  function returnFocus(event: Event) {
    event.preventDefault();
    const target =
      (savedId.current ? focusEdit(savedId.current) : null) ??
      (trigger.current?.isConnected ? trigger.current : null) ??
      headingRef.current;
    savedId.current = null;
    target?.focus();
  }

  /**
   * Removing takes the date out of what students are told, in the teacher's eyes at once: the row
   * shows it removed, with Undo where Remove was (focused, if Remove was), and it is deleted after
   * UNDO_MS or when the Dates are left.
   */
  function remove(item: DatedItem, button: HTMLElement) {
    const hadFocus = button.ownerDocument.activeElement === button;
    setAnnouncement(DATES_TEXT.removedStatus(item.title));
    scheduleRemoval(classId, item.id, UNDO_MS, async () => {
      // focus on its Undo moves on with the row: to the first row's Edit, else the heading
      const list = listRef.current;
      const undoButton = focusUndo(item.id);
      const focused = Boolean(undoButton && undoButton.ownerDocument.activeElement === undoButton);
      try {
        await deleteDatedItem(classId, item.id);
        await refreshDates(queryClient, classId);
      } catch (failure) {
        setAnnouncement('');
        toast.error(DATES_TEXT.removeFailed(item.title), {
          description: errorText(failure, 'Please try again.'),
        });
        return;
      }
      if (focused) {
        requestAnimationFrame(() => {
          const first = list?.querySelector<HTMLElement>('[data-edit-date]');
          (first?.isConnected ? first : headingRef.current)?.focus();
        });
      }
    });
    if (hadFocus) requestAnimationFrame(() => focusUndo(item.id)?.focus());
  }

  function undo(item: DatedItem) {
    cancelRemoval(item.id);
    setAnnouncement(DATES_TEXT.restored(item.title));
    requestAnimationFrame(() => focusEdit(item.id)?.focus());
  }

  // leaving the Dates (Review Course closed, another tab) deletes what was removed
  useEffect(() => () => flushRemovals(classId), [classId]);

  const dates = query.data;
  const items = dates?.items ?? [];
  const today = dates?.today ?? '';
  const kept = items.filter((item) => !removing.has(item.id)).length;
  const upcoming = items.filter((item) => item.date >= today);
  const past = items.filter((item) => item.date < today);

  return (
    <section aria-labelledby="dates-heading" className="space-y-3">
      <div className="space-y-1">
        <h3
          ref={headingRef}
          id="dates-heading"
          tabIndex={-1}
          className="flex items-center gap-2 text-sm font-semibold text-ink-900 focus:outline-none"
        >
          <CalendarDays className="size-4 text-brand-600" aria-hidden="true" />
          Dates
          {dates ? (
            <Badge variant="neutral">
              {kept}
              <span className="sr-only"> {kept === 1 ? 'date' : 'dates'}</span>
            </Badge>
          ) : null}
        </h3>
        {dates ? <p className="text-xs text-ink-600">{datesHeader(dates)}</p> : null}
        <p className="text-sm leading-relaxed text-ink-700">{DATES_TEXT.intro}</p>
      </div>

      {query.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <span className="sr-only" role="status">
            Loading dates
          </span>
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700"
        >
          <span className="min-w-0 flex-1">
            {DATES_TEXT.loadFailed} {query.error.message}
          </span>
          <Button
            variant="outline"
            size="sm"
            loading={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-ink-300 bg-white px-4 py-5 text-center">
          <p className="text-sm font-medium text-ink-900">{DATES_TEXT.empty}</p>
          <p className="mt-1 text-xs text-ink-600">{DATES_TEXT.emptyHint}</p>
        </div>
      ) : (
        <div ref={listRef} className="space-y-2">
          {upcoming.length > 0 ? (
            <DateList
              label="Upcoming dates"
              items={upcoming}
              today={today}
              removing={removing}
              onEdit={edit}
              onRemove={remove}
              onUndo={undo}
            />
          ) : (
            <p className="rounded-lg border border-ink-200 bg-white px-4 py-3 text-sm text-ink-700">
              No dates from today on.
            </p>
          )}
          {past.length > 0 ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={showPast}
                onClick={() => setShowPast((open) => !open)}
                className="-ml-2 text-ink-700"
              >
                <ChevronDown
                  aria-hidden="true"
                  className={cn('transition-transform', showPast && 'rotate-180')}
                />
                {showPast ? 'Hide' : 'Show'} {past.length} past{' '}
                {past.length === 1 ? 'date' : 'dates'}
              </Button>
              {showPast ? (
                <DateList
                  label="Past dates"
                  items={past}
                  today={today}
                  past
                  removing={removing}
                  onEdit={edit}
                  onRemove={remove}
                  onUndo={undo}
                />
              ) : null}
            </>
          ) : null}
        </div>
      )}

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <DatedItemDialog
        classId={classId}
        item={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          savedId.current = saved.id;
          setAnnouncement(DATES_TEXT.saved(saved.title));
        }}
        onCloseAutoFocus={returnFocus}
      />
    </section>
  );

  function edit(item: DatedItem, button: HTMLElement) {
    trigger.current = button;
    setAnnouncement('');
    setEditing(item);
  }
}

interface RowActions {
  onEdit(item: DatedItem, button: HTMLElement): void;
  onRemove(item: DatedItem, button: HTMLElement): void;
  onUndo(item: DatedItem): void;
}

function DateList({
  label,
  items,
  today,
  past = false,
  removing,
  ...actions
}: {
  label: string;
  items: DatedItem[];
  today: string;
  past?: boolean;
  removing: ReadonlyMap<string, Removal>;
} & RowActions) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-ink-200 rounded-lg border border-ink-200 bg-white"
    >
      {items.map((item) => (
        <DateRow
          key={item.id}
          item={item}
          today={today}
          past={past}
          removal={removing.get(item.id)}
          {...actions}
        />
      ))}
    </ul>
  );
}

function DateRow({
  item,
  today,
  past,
  removal,
  onEdit,
  onRemove,
  onUndo,
}: {
  item: DatedItem;
  today: string;
  past: boolean;
  removal: Removal | undefined;
} & RowActions) {
  const day = rowDay(item.date, today);
  const name = `${item.title}, ${day}`;
  if (removal) {
    return (
      <li
        aria-label={`${name} (removed)`}
        className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-ink-50 px-4 py-2.5 text-sm"
      >
        <p className="min-w-0 flex-1 text-ink-700">
          <span className="font-semibold text-ink-800">{day}</span> ·{' '}
          <del className="break-words">{item.title}</del> removed
        </p>
        <Button
          variant="outline"
          size="sm"
          data-undo-date={item.id}
          aria-label={`Undo removing ${name}`}
          aria-disabled={removal === 'deleting' || undefined}
          onClick={() => {
            if (removal === 'waiting') onUndo(item);
          }}
        >
          {removal === 'deleting' ? (
            <Spinner size="sm" label={null} />
          ) : (
            <Undo2 aria-hidden="true" />
          )}
          Undo
        </Button>
      </li>
    );
  }
  return (
    <li
      aria-label={name}
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4"
    >
      <time
        dateTime={item.date}
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums sm:w-28 sm:pt-px',
          past ? 'text-ink-600' : 'text-ink-900',
        )}
      >
        {day}
        {item.date === today ? (
          <Badge variant="solid" className="ml-2 align-middle">
            Today
          </Badge>
        ) : null}
      </time>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className={cn('break-words', past ? 'text-ink-700' : 'text-ink-900')}>
            {item.title}
          </span>
          <DatedKindBadge kind={item.kind} />
          {item.origin === 'teacher' ? <Badge variant="success">Your correction</Badge> : null}
        </p>
        {item.source ? (
          <FactSource title={item.source.content_title} text={item.source.text} />
        ) : item.when ? (
          <p className="mt-1 text-xs text-ink-600">As written: {item.when}</p>
        ) : null}
      </div>
      <div className="-ml-2 flex shrink-0 flex-wrap gap-1 sm:ml-0">
        <Button
          variant="ghost"
          size="sm"
          data-edit-date={item.id}
          aria-label={`Edit ${name}`}
          onClick={(event) => onEdit(item, event.currentTarget)}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-ink-600 hover:bg-danger-50 hover:text-danger-700"
          aria-label={`Remove ${name}`}
          onClick={(event) => onRemove(item, event.currentTarget)}
        >
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
    </li>
  );
}
