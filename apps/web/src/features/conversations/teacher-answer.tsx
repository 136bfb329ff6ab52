import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TEACHER_ANSWER_MAX_LENGTH, TEACHER_ANSWER_MESSAGES } from '@app/contracts';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';

/**
 * The dialog around a teacher's answer (Answer this question, Correct this answer): open while
 * there is something to answer; closing it, or saving, calls `onClose` (Radix gives focus back to
 * the opener).
 */
export function TeacherAnswerDialog<T>({
  item,
  onClose,
  onCloseAutoFocus,
  children,
}: {
  item: T | null;
  onClose(): void;
  /** where focus goes on closing, when the opener may be gone (the answered row leaves) */
  onCloseAutoFocus?(event: Event): void;
  /** the form, for the item being answered */
  children(item: T): ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="md" onCloseAutoFocus={onCloseAutoFocus}>
        {item !== null ? children(item) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The answer a teacher writes, saved as class material: blank or past TEACHER_ANSWER_MAX_LENGTH
 * is refused (said once they try to save). `submit` saves it with `save` unless a problem stands
 * (the form's own, `otherProblem`, or a save on its way), then toasts `saved` and calls `onSaved`.
 * `form` is DialogForm's error, pending and submitDisabled; `field` is CountedTextarea's props
 * but its label.
 */
export function useTeacherAnswer<Data, Variables>({
  save,
  saved,
  failed,
  onSaved,
}: {
  save: UseMutationResult<Data, Error, Variables>;
  saved: string;
  failed: string;
  onSaved(): void;
}) {
  const [answer, setAnswer] = useState('');
  const [touched, setTouched] = useState(false);
  const length = answer.trim().length;
  const problem =
    length === 0
      ? TEACHER_ANSWER_MESSAGES.answerBlank
      : length > TEACHER_ANSWER_MAX_LENGTH
        ? TEACHER_ANSWER_MESSAGES.answerTooLong
        : null;

  function submit(
    event: FormEvent,
    variables: (answer: string) => Variables,
    otherProblem: string | null = null,
  ) {
    event.preventDefault();
    setTouched(true);
    if (otherProblem || problem || save.isPending) return;
    save.mutate(variables(answer.trim()), {
      onSuccess: () => {
        toast.success(saved);
        onSaved();
      },
    });
  }

  return {
    touched,
    submit,
    form: {
      error: save.isError ? errorText(save.error, failed) : null,
      pending: save.isPending,
      submitDisabled: length === 0,
    },
    field: {
      count: length,
      limit: TEACHER_ANSWER_MAX_LENGTH,
      error: touched && problem ? problem : undefined,
      rows: 7,
      value: answer,
      maxLength: TEACHER_ANSWER_MAX_LENGTH,
      onChange: (e: ChangeEvent<HTMLTextAreaElement>) => setAnswer(e.target.value),
      disabled: save.isPending,
    },
  };
}
