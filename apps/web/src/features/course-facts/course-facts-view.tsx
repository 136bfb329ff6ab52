import { useCallback, useRef, useState } from 'react';
import type { CourseFact, FactUpdate } from '@app/contracts';
import { ListChecks, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/api-client';
import { useCourseFacts } from './api/get-course-facts';
import { useUpdateCourseFact } from './api/update-course-fact';
import { DatesSection } from './dates-section';
import { HiddenFacts } from './hidden-facts';
import { ConfirmFactDialog, FactFormDialog, type FactDialog } from './course-fact-dialogs';
import { CourseFactRow, factName, type ConfirmState, type FactAction } from './course-fact-row';
import { entryKey, groupFacts, type FactEntry, type FactGroup } from './course-facts-logic';

export const FACTS_TEXT = {
  intro:
    'Students are answered from these facts first. Correct anything that is wrong; your corrections are used at once.',
  kinds:
    'Facts you confirm, correct or add are given to students as answers. Other facts are shown to them as quotations of your material, to read and check.',
  confirmed: (name: string) => `${name} confirmed: students are given it as an answer.`,
  confirmFailed: 'Could not confirm the fact. Please try again.',
  hidden: (name: string) => `${name} hidden: students are no longer told it.`,
  unhidden: (name: string) => `${name} is back: students are told it again.`,
  unhideFailed: 'Could not bring the fact back. Please try again.',
  emptyTitle: 'No facts found yet',
  emptyDescription: 'Upload a syllabus, or add the facts students ask about.',
  loadFailedTitle: 'Could not load course facts',
  loadFailed: 'Something went wrong while loading the facts.',
} as const;

/** Review Course → Course facts: what students will be told, grouped by kind, editable. */
export function CourseFactsView({ classId }: { classId: string }) {
  const query = useCourseFacts(classId);
  const [dialog, setDialog] = useState<FactDialog | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  /** the row the dialog is about: its Edit takes focus if the row moved */
  const triggerKey = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const update = useUpdateCourseFact(classId);
  /** each row's Confirm on its way or failed, by its key */
  const [confirms, setConfirms] = useState<Record<string, ConfirmState>>({});
  /** the row whose Confirm just went: focus moves to its Edit, where the Confirm button was */
  const [focusEditOf, setFocusEditOf] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** facts hidden while the view is open: they keep their row, with an Undo */
  const [justHidden, setJustHidden] = useState<string[]>([]);
  const editFocused = useCallback(() => setFocusEditOf(null), []);

  function open(next: FactDialog, from: HTMLElement) {
    trigger.current = from;
    triggerKey.current = next.type === 'add' ? null : entryKey(next.entry);
    setDialog(next);
  }

  /**
   * A row's own change (Confirm, Undo): on its way and its failure shown in the row; once made,
   * `done` says so and the row's Edit takes the focus its button had.
   */
  async function changeRow(entry: FactEntry, patch: FactUpdate, failed: string, done: () => void) {
    const key = entryKey(entry);
    const set = (state: ConfirmState | null) =>
      setConfirms(({ [key]: _old, ...others }) => (state ? { ...others, [key]: state } : others));
    set({ pending: true, error: null });
    setAnnouncement('');
    try {
      await update.mutateAsync({ factId: entry.fact.id, patch });
      set(null);
      done();
      setFocusEditOf(key);
    } catch (failure) {
      set({ pending: false, error: errorText(failure, failed) });
    }
  }

  /**
   * Confirming stores the extracted value as the teacher's own fact (PATCH with its value): the
   * row then shows it confirmed, and students are given it as an answer.
   */
  const confirm = (entry: FactEntry) =>
    changeRow(entry, { value: entry.fact.value }, FACTS_TEXT.confirmFailed, () =>
      setAnnouncement(FACTS_TEXT.confirmed(factName(entry.fact))),
    );

  /**
   * A fact just hidden keeps its place with an Undo (as a removed date does): the Review Course
   * dialog holds focus, so a toast's button could not be reached from the keyboard.
   */
  function onHidden(fact: CourseFact) {
    setJustHidden((ids) => [...ids, fact.id]);
    setAnnouncement(FACTS_TEXT.hidden(factName(fact)));
  }

  /** Undo: the fact is active again (PATCH status active) and its Edit takes the focus. */
  const unhide = (entry: FactEntry) =>
    changeRow(entry, { status: 'active' }, FACTS_TEXT.unhideFailed, () => {
      setJustHidden((ids) => ids.filter((id) => id !== entry.fact.id));
      setAnnouncement(FACTS_TEXT.unhidden(factName(entry.fact)));
    });

  function onAction(action: FactAction, entry: FactEntry, from: HTMLElement) {
    if (action === 'confirm') void confirm(entry);
    else if (action === 'unhide') void unhide(entry);
    else open({ type: action, entry }, from);
  }

  /**
   * Back to the button that opened the dialog; to the row's Edit when the row moved (a fact now
   * filed under another heading); to Add a fact when its row is gone.
   */
  function returnFocus(event: Event) {
    event.preventDefault();
    const key = triggerKey.current;
    const moved = key
      ? document.querySelector<HTMLElement>(
          `[data-fact-edit="${CSS.escape(key)}"], [data-fact-undo="${CSS.escape(key)}"]`,
        )
      : null;
    const target = trigger.current?.isConnected ? trigger.current : (moved ?? addButton.current);
    target?.focus();
  }

  const groups = query.data ? groupFacts(query.data, new Set(justHidden)) : [];
  const formDialog = dialog?.type === 'add' || dialog?.type === 'edit' ? dialog : null;
  const confirmDialog =
    dialog?.type === 'hide' || dialog?.type === 'delete' || dialog?.type === 'restore'
      ? dialog
      : null;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="space-y-1.5">
          <p className="text-sm leading-relaxed text-ink-700">{FACTS_TEXT.intro}</p>
          <p className="text-sm leading-relaxed text-ink-600">{FACTS_TEXT.kinds}</p>
        </div>
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          className="self-start"
          disabled={!query.isSuccess}
          onClick={(event) => open({ type: 'add' }, event.currentTarget)}
        >
          <Plus aria-hidden="true" /> Add a fact
        </Button>
      </div>

      <DatesSection classId={classId} />

      {query.isPending ? (
        <FactsSkeleton />
      ) : query.isError ? (
        <div
          role="alert"
          className="rounded-xl border border-danger-200 bg-danger-50 p-6 text-center"
        >
          <h3 className="font-semibold text-danger-700">{FACTS_TEXT.loadFailedTitle}</h3>
          <p className="mt-1 text-sm text-danger-700">
            {query.error.message || FACTS_TEXT.loadFailed}
          </p>
          <Button
            variant="outline"
            className="mt-4"
            loading={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          headingLevel="h3"
          title={FACTS_TEXT.emptyTitle}
          description={FACTS_TEXT.emptyDescription}
          className="py-10 sm:py-10"
        />
      ) : (
        <div className="space-y-6">
          {groups.map((group) => (
            <FactGroupSection
              key={group.kind}
              group={group}
              onAction={onAction}
              confirms={confirms}
              focusEditOf={focusEditOf}
              onEditFocused={editFocused}
            />
          ))}
        </div>
      )}

      {query.data ? (
        <HiddenFacts
          classId={classId}
          facts={query.data.filter((f) => !justHidden.includes(f.id))}
        />
      ) : null}

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <FactFormDialog
        classId={classId}
        dialog={formDialog}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmFactDialog
        classId={classId}
        dialog={confirmDialog}
        onHidden={onHidden}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  );
}

function FactGroupSection({
  group,
  onAction,
  confirms,
  focusEditOf,
  onEditFocused,
}: {
  group: FactGroup;
  onAction(action: FactAction, entry: FactEntry, from: HTMLElement): void;
  confirms: Record<string, ConfirmState>;
  focusEditOf: string | null;
  onEditFocused(): void;
}) {
  const headingId = `facts-${group.kind}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink-900">
        {group.label}
        <Badge variant="neutral">
          {group.entries.length}
          <span className="sr-only"> {group.entries.length === 1 ? 'fact' : 'facts'}</span>
        </Badge>
      </h3>
      <ul className="divide-y divide-ink-200 rounded-lg border border-ink-200 bg-white">
        {group.entries.map((entry) => {
          const key = entryKey(entry);
          return (
            <CourseFactRow
              key={key}
              entry={entry}
              onAction={onAction}
              confirm={confirms[key]}
              focusEdit={focusEditOf === key}
              onEditFocused={onEditFocused}
            />
          );
        })}
      </ul>
    </section>
  );
}

function FactsSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
      <Skeleton className="mt-5 h-4 w-32" />
      <Skeleton className="h-16" />
      <span className="sr-only" role="status">
        Loading course facts
      </span>
    </div>
  );
}
