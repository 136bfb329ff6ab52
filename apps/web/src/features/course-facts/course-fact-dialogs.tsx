import { useState } from 'react';
import type { CourseFact, FactCreate } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';
import { useCreateCourseFact } from './api/create-course-fact';
import { useDeleteCourseFact } from './api/delete-course-fact';
import { useUpdateCourseFact } from './api/update-course-fact';
import { factName } from './course-fact-row';
import { FactFieldsForm } from './course-fact-form';
import { attributeLabel, isConfirmed, subjectLabel, type FactEntry } from './course-facts-logic';

/** The dialog the facts view has open, if any. */
export type FactDialog =
  | { type: 'add' }
  | { type: 'edit'; entry: FactEntry }
  | { type: 'hide' | 'delete' | 'restore'; entry: FactEntry };

type FormDialog = Extract<FactDialog, { type: 'add' | 'edit' }>;
type ConfirmDialog = Extract<FactDialog, { type: 'hide' | 'delete' | 'restore' }>;

export const NEW_FACT: FactCreate = { kind: 'staff', subject: '', attribute: '', value: '' };

interface DialogProps<T> {
  classId: string;
  dialog: T | null;
  onClose(): void;
  /** where focus goes when the dialog closes (Radix would pick a removed row's button) */
  onCloseAutoFocus(event: Event): void;
}

/** Add a fact, correct an extracted one, or edit the teacher's own. Escape cancels. */
export function FactFormDialog({
  classId,
  dialog,
  onClose,
  onCloseAutoFocus,
}: DialogProps<FormDialog>) {
  return (
    <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        size="md"
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={(event) => {
          // editing: the value, most often what is corrected, takes focus (adding: the kind)
          const value = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
            'textarea[name="value"]',
          );
          if (dialog?.type !== 'edit' || !value) return;
          event.preventDefault();
          value.focus();
        }}
      >
        {dialog?.type === 'add' ? <AddFact classId={classId} onDone={onClose} /> : null}
        {dialog?.type === 'edit' ? (
          <EditFact classId={classId} entry={dialog.entry} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AddFact({ classId, onDone }: { classId: string; onDone(): void }) {
  const create = useCreateCourseFact(classId);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add a fact</DialogTitle>
        <DialogDescription>Students are answered from it at once.</DialogDescription>
      </DialogHeader>
      <FactFieldsForm
        initial={NEW_FACT}
        submitLabel="Add fact"
        error={error}
        onCancel={onDone}
        onSubmit={async (values) => {
          setError(null);
          try {
            await create.mutateAsync(values);
            onDone();
          } catch (failure) {
            setError(errorText(failure, 'Could not add the fact.'));
          }
        }}
      />
    </>
  );
}

function EditFact({
  classId,
  entry,
  onDone,
}: {
  classId: string;
  entry: FactEntry;
  onDone(): void;
}) {
  const update = useUpdateCourseFact(classId);
  const [error, setError] = useState<string | null>(null);
  const { fact } = entry;
  const added = fact.origin === 'teacher' && entry.original === null;
  // a confirmed fact is the extracted value, stated: editing it corrects it
  const corrected = entry.original !== null && !isConfirmed(entry);

  // the subject as the teacher reads it ("Late work", not the key "late"): sent only if changed
  const initial: FactCreate = {
    kind: fact.kind,
    subject: subjectLabel(fact.subject),
    attribute: fact.attribute,
    value: fact.value,
  };

  async function save(patch: Partial<FactCreate>) {
    setError(null);
    try {
      await update.mutateAsync({ factId: fact.id, patch });
      onDone();
    } catch (failure) {
      setError(errorText(failure, 'Could not save the fact.'));
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {added ? 'Edit fact' : corrected ? 'Edit your correction' : 'Correct this fact'}
        </DialogTitle>
        <DialogDescription>
          {added ? (
            'Students are answered from your changes at once.'
          ) : (
            <>
              <span className="font-medium text-ink-800">
                {subjectLabel(fact.subject)} · {attributeLabel(fact.attribute)}
              </span>
              . Your correction is what students are told from now on; change what it is or whom it
              is about to file it under the right heading.
            </>
          )}
        </DialogDescription>
      </DialogHeader>
      <FactFieldsForm
        initial={initial}
        submitLabel="Save"
        error={error}
        onCancel={onDone}
        onSubmit={async (values) => {
          const patch = changedParts(initial, values);
          if (Object.keys(patch).length === 0) onDone();
          else await save(patch);
        }}
      />
    </>
  );
}

/** The parts of a fact the teacher changed (a value that is the same once trimmed is not). */
export function changedParts(before: FactCreate, after: FactCreate): Partial<FactCreate> {
  const patch: Partial<FactCreate> = {};
  if (after.kind !== before.kind) patch.kind = after.kind;
  if (after.subject !== before.subject.trim()) patch.subject = after.subject;
  if (after.attribute !== before.attribute) patch.attribute = after.attribute;
  if (after.value !== before.value.trim()) patch.value = after.value;
  return patch;
}

/** A value as a confirmation quotes it: long policy texts are shortened. */
const quote = (value: string) =>
  `“${value.length > 160 ? `${value.slice(0, 157).trimEnd()}…` : value}”`;

const CONFIRM = {
  hide: {
    title: 'Hide this fact from students?',
    body: (entry: FactEntry) =>
      `Students will no longer be told ${quote(entry.fact.value)} for ${factName(entry.fact)}. Your syllabus is not changed.`,
    action: 'Hide fact',
    failed: 'Could not hide the fact.',
  },
  delete: {
    title: 'Delete this fact?',
    body: (entry: FactEntry) =>
      `Students will no longer be told ${quote(entry.fact.value)} for ${factName(entry.fact)}.`,
    action: 'Delete fact',
    failed: 'Could not delete the fact.',
  },
  unconfirm: {
    title: 'Undo the confirmation?',
    body: (entry: FactEntry) =>
      `Students asking about ${factName(entry.fact)} are shown the passage of your material again, instead of being told ${quote(entry.fact.value)} as an answer.`,
    action: 'Undo confirmation',
    failed: 'Could not undo the confirmation.',
  },
  restore: {
    title: 'Restore the extracted value?',
    body: (entry: FactEntry) =>
      `Your correction is removed, and students are told ${quote(entry.original?.value ?? '')} again, as your material says.`,
    action: 'Restore',
    failed: 'Could not restore the extracted value.',
  },
} as const;

/**
 * Hide an extracted fact (a corrected one included), delete the teacher's own fact, or remove a
 * correction (or a confirmation) so the extracted value is used again.
 */
export function ConfirmFactDialog({
  classId,
  dialog,
  onHidden,
  onClose,
  onCloseAutoFocus,
}: DialogProps<ConfirmDialog> & { onHidden(fact: CourseFact): void }) {
  return (
    <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        {dialog ? (
          <ConfirmBody classId={classId} dialog={dialog} onHidden={onHidden} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ConfirmBody({
  classId,
  dialog,
  onHidden,
  onDone,
}: {
  classId: string;
  dialog: ConfirmDialog;
  onHidden(fact: CourseFact): void;
  onDone(): void;
}) {
  const remove = useDeleteCourseFact(classId);
  const [error, setError] = useState<string | null>(null);
  const { entry } = dialog;
  // undoing a confirmation removes a correction that says what was extracted
  const text = CONFIRM[dialog.type === 'restore' && isConfirmed(entry) ? 'unconfirm' : dialog.type];

  async function confirm() {
    // hiding a corrected fact hides its extracted fact; the correction goes with it
    const fact = dialog.type === 'hide' ? (entry.original ?? entry.fact) : entry.fact;
    setError(null);
    try {
      await remove.mutateAsync(fact.id);
      onDone();
      if (dialog.type === 'hide') onHidden(fact);
    } catch (failure) {
      setError(errorText(failure, text.failed));
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription className="break-words">{text.body(entry)}</DialogDescription>
      </DialogHeader>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <DialogFooter>
        <Button variant="ghost" onClick={onDone} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant={dialog.type === 'restore' ? 'primary' : 'danger'}
          loading={remove.isPending}
          onClick={() => void confirm()}
        >
          {text.action}
        </Button>
      </DialogFooter>
    </>
  );
}
