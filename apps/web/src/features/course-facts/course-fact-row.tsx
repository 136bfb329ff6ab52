import { useEffect, useId, useRef, useState } from 'react';
import {
  AlertCircle,
  Check,
  CheckCircle2,
  ChevronRight,
  EyeOff,
  Pencil,
  RotateCcw,
  Trash2,
  Undo2,
} from 'lucide-react';
import type { CourseFact } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import {
  attributeLabel,
  canConfirm,
  isConfirmed,
  subjectLabel,
  teacherBadge,
  type FactEntry,
  entryKey,
  isRefiled,
  FACT_KIND_LABELS,
} from './course-facts-logic';

/** What a row's buttons ask for: the view confirms at once, or opens the matching dialog. */
export type FactAction = 'confirm' | 'edit' | 'hide' | 'delete' | 'restore' | 'unhide';

/** A row's Confirm on its way, or why it failed. */
export interface ConfirmState {
  pending: boolean;
  error: string | null;
}

/** "Dr. Kung office hours": how buttons and dialogs name a fact. */
export const factName = (fact: CourseFact) =>
  `${subjectLabel(fact.subject)} ${attributeLabel(fact.attribute).toLowerCase()}`;

/**
 * One fact: subject · attribute, the value students are told, its source, and its actions. An
 * extracted fact can be confirmed (students are then given it as an answer); a confirmed one says
 * so and can be undone. `focusEdit` moves focus to its Edit button (once its Confirm is gone).
 */
export function CourseFactRow({
  entry,
  onAction,
  confirm,
  focusEdit = false,
  onEditFocused,
}: {
  entry: FactEntry;
  onAction(action: FactAction, entry: FactEntry, trigger: HTMLElement): void;
  confirm?: ConfirmState;
  focusEdit?: boolean;
  onEditFocused?(): void;
}) {
  const { fact, original } = entry;
  const badge = teacherBadge(entry);
  const name = factName(fact);
  const added = fact.origin === 'teacher' && original === null;
  const confirmed = isConfirmed(entry);
  const confirmable = canConfirm(entry);
  const source = (original ?? fact).source;
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusEdit) return;
    // only when focus went with the Confirm button (to the page, or back to a container of this
    // row such as the dialog, as Radix's focus scope does), never away from where the teacher
    // moved it
    const active = document.activeElement;
    if (!active || active === document.body || active.contains(editButton.current))
      editButton.current?.focus();
    onEditFocused?.();
  }, [focusEdit, onEditFocused]);

  if (fact.status === 'hidden')
    return <HiddenJustNowRow entry={entry} name={name} confirm={confirm} onAction={onAction} />;

  return (
    <li
      aria-label={`${subjectLabel(fact.subject)} · ${attributeLabel(fact.attribute)}`}
      className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-start sm:gap-4"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
          <span className="font-semibold break-words text-ink-900">
            {subjectLabel(fact.subject)}
          </span>
          <span className="text-ink-400" aria-hidden="true">
            ·
          </span>
          <span className="text-ink-600">{attributeLabel(fact.attribute)}</span>
          {badge ? (
            <Badge variant={added || confirmed ? 'success' : 'brand'}>
              {confirmed ? <CheckCircle2 aria-hidden="true" /> : null}
              {badge}
            </Badge>
          ) : null}
        </p>
        <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-ink-800">
          {fact.value}
        </p>
        {confirmed ? (
          <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-600">
            <span>Students are given this as an answer.</span>
            <Button
              variant="link"
              className="text-xs"
              onClick={(event) => onAction('restore', entry, event.currentTarget)}
              aria-label={`Undo confirmation of ${name}`}
            >
              <RotateCcw aria-hidden="true" className="size-3.5" /> Undo
            </Button>
          </p>
        ) : original ? (
          <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-600">
            <span className="min-w-0 break-words">
              {isRefiled(entry) ? (
                <>
                  Extracted as:{' '}
                  <del className="text-ink-500">
                    {original.kind === fact.kind ? '' : `${FACT_KIND_LABELS[original.kind]}: `}
                    {subjectLabel(original.subject)} · {attributeLabel(original.attribute)},{' '}
                    {original.value}
                  </del>
                </>
              ) : (
                <>
                  Extracted value: <del className="text-ink-500">{original.value}</del>
                </>
              )}
            </span>
            <Button
              variant="link"
              className="text-xs"
              onClick={(event) => onAction('restore', entry, event.currentTarget)}
              aria-label={`Restore extracted value of ${name}`}
            >
              <RotateCcw aria-hidden="true" className="size-3.5" /> Restore extracted value
            </Button>
          </p>
        ) : null}
        {source ? <FactSource title={source.content_title} text={source.text} /> : null}
        {confirm?.error ? <RowError message={confirm.error} /> : null}
      </div>
      <div className="-ml-2 flex shrink-0 flex-wrap gap-1 sm:ml-0">
        {confirmable ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-brand-700 hover:bg-brand-50 hover:text-brand-800"
            aria-label={`Confirm ${name}`}
            aria-disabled={confirm?.pending || undefined}
            onClick={(event) => {
              if (!confirm?.pending) onAction('confirm', entry, event.currentTarget);
            }}
          >
            {confirm?.pending ? <Spinner size="sm" label={null} /> : <Check aria-hidden="true" />}
            Confirm
          </Button>
        ) : null}
        <Button
          ref={editButton}
          variant="ghost"
          size="sm"
          aria-label={`Edit ${name}`}
          data-fact-edit={entryKey(entry)}
          onClick={(event) => onAction('edit', entry, event.currentTarget)}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-ink-600 hover:bg-danger-50 hover:text-danger-700"
          aria-label={`${added ? 'Delete' : 'Hide'} ${name}`}
          onClick={(event) => onAction(added ? 'delete' : 'hide', entry, event.currentTarget)}
        >
          {added ? <Trash2 aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          {added ? 'Delete' : 'Hide'}
        </Button>
      </div>
    </li>
  );
}

/** "Source: Course Syllabus", with the line the fact was read from on demand. */
export function FactSource({ title, text }: { title: string; text: string }) {
  const [open, setOpen] = useState(false);
  const quoteId = useId();
  return (
    <div className="mt-1.5 text-xs">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? quoteId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="-ml-1 inline-flex max-w-full items-center gap-1 rounded px-1 py-0.5 text-ink-600 transition-colors hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ChevronRight
          aria-hidden="true"
          className={cn('size-3.5 shrink-0 transition-transform', open && 'rotate-90')}
        />
        <span className="truncate">
          Source: <span className="font-medium">{title || 'Course material'}</span>
        </span>
      </button>
      {open ? (
        <blockquote
          id={quoteId}
          role="region"
          aria-label={`Quoted from ${title || 'course material'}`}
          className="mt-1.5 rounded-md border-l-2 border-brand-300 bg-ink-50 px-3 py-2 leading-relaxed break-words whitespace-pre-wrap text-ink-700"
        >
          {text || 'The source text is not available.'}
        </blockquote>
      ) : null}
    </div>
  );
}

/** A fact hidden a moment ago: where its row was, what happened and an Undo. */
function HiddenJustNowRow({
  entry,
  name,
  confirm,
  onAction,
}: {
  entry: FactEntry;
  name: string;
  confirm?: ConfirmState;
  onAction(action: FactAction, entry: FactEntry, trigger: HTMLElement): void;
}) {
  const { fact } = entry;
  return (
    <li
      aria-label={`${subjectLabel(fact.subject)} · ${attributeLabel(fact.attribute)} (hidden)`}
      className="flex flex-col gap-2 bg-ink-50 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="min-w-0 flex-1 text-sm text-ink-700">
        <p className="flex items-start gap-2">
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-500" />
          <span className="min-w-0 break-words">
            <span className="font-medium text-ink-900">{name}</span> is hidden: students are no
            longer told it.
          </span>
        </p>
        {confirm?.error ? <RowError message={confirm.error} /> : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="-ml-0.5 self-start sm:ml-0 sm:self-auto"
        aria-label={`Undo hiding ${name}`}
        aria-disabled={confirm?.pending || undefined}
        data-fact-undo={entryKey(entry)}
        onClick={(event) => {
          if (!confirm?.pending) onAction('unhide', entry, event.currentTarget);
        }}
      >
        {confirm?.pending ? <Spinner size="sm" label={null} /> : <Undo2 aria-hidden="true" />}
        Undo
      </Button>
    </li>
  );
}

/** Why a row's own change (Confirm, Undo) failed, under the row's text. */
function RowError({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-1.5 flex items-start gap-1.5 text-xs text-danger-700">
      <AlertCircle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span className="min-w-0">{message}</span>
    </p>
  );
}
