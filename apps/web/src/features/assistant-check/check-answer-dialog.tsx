import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHECK_ANSWER_MAX_LENGTH,
  CHECK_MESSAGES,
  z,
  type AssistantCheckItem,
} from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CHECK_TEXT, editorStart } from './assistant-check-logic';
import { CheckReply } from './check-reply';

/** The contract's rule for an answer (assistantCheckUpdateSchema), with its messages. */
const answerSchema = z.object({
  answer: z
    .string()
    .trim()
    .min(1, CHECK_MESSAGES.answerRequired)
    .max(CHECK_ANSWER_MAX_LENGTH, CHECK_MESSAGES.answerTooLong),
});
type AnswerValues = z.input<typeof answerSchema>;

/**
 * The teacher writes the answer to one question: it starts from their earlier words, or the reply
 * students get now. Save sends it; Cancel or Escape closes it unchanged, and focus goes back to the
 * row's Edit button.
 */
export function CheckAnswerDialog({
  item,
  error,
  onSave,
  onClose,
}: {
  item: AssistantCheckItem | null;
  /** the server's message when saving failed */
  error: string | null;
  onSave(item: AssistantCheckItem, answer: string): Promise<void>;
  onClose(): void;
}) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        ref={content}
        size="md"
        onOpenAutoFocus={(event) => {
          // the answer, not the first button: the cursor at the end of the text to start from
          const answer = content.current?.querySelector('textarea');
          if (!answer) return;
          event.preventDefault();
          answer.focus();
          answer.setSelectionRange(answer.value.length, answer.value.length);
        }}
      >
        {item ? (
          <AnswerForm
            item={item}
            error={error}
            onSave={(answer) => onSave(item, answer)}
            onCancel={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AnswerForm({
  item,
  error,
  onSave,
  onCancel,
}: {
  item: AssistantCheckItem;
  error: string | null;
  onSave(answer: string): Promise<void>;
  onCancel(): void;
}) {
  const form = useForm<AnswerValues>({
    resolver: zodResolver(answerSchema),
    defaultValues: { answer: editorStart(item) },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) => onSave(values.answer.trim()));
  const showReply = item.status !== 'edited' && item.reply.kind !== 'none';

  return (
    <>
      <DialogHeader>
        <DialogTitle>Write the answer</DialogTitle>
        <DialogDescription className="font-medium break-words text-ink-800">
          {item.question}
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        {showReply ? (
          <details className="group text-sm">
            <summary className="cursor-pointer rounded text-xs font-semibold text-ink-700 focus-visible:outline-2 focus-visible:outline-brand-600">
              {CHECK_TEXT.replyNow.replace(/:$/, '')}
            </summary>
            <CheckReply reply={item.reply} className="mt-2" />
          </details>
        ) : null}
        <CountedTextarea
          label="Your answer"
          note="What students are told when they ask this."
          count={form.watch('answer').length}
          limit={CHECK_ANSWER_MAX_LENGTH}
          error={errors.answer?.message}
          rows={5}
          aria-required
          className="text-base sm:text-sm"
          {...form.register('answer')}
        />
        <DialogFooter className="mt-2">
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save answer
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
