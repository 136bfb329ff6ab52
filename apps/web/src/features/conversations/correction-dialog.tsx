import { useState, type FormEvent } from 'react';
import { BookCheck } from 'lucide-react';
import { toast } from 'sonner';
import {
  TEACHER_ANSWER_MAX_LENGTH,
  TEACHER_ANSWER_MESSAGES,
  type ConversationSummary,
} from '@app/contracts';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { errorText } from '@/lib/api-client';
import { useCorrectConversation } from './api/correct-conversation';

export const CORRECTION_SAVED = 'Correction saved — students asking this now get your answer.';
const CORRECTION_FAILED = 'Your correction could not be saved. Please try again.';

/**
 * The teacher's correct answer to a conversation's question: saved as class material, and given
 * to the next student who asks the same question. Focus goes back to the opener on close.
 */
export function CorrectionDialog({
  classId,
  conversation,
  onClose,
}: {
  classId: string;
  conversation: ConversationSummary | null;
  onClose(): void;
}) {
  return (
    <Dialog open={conversation !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="md">
        {conversation ? (
          <CorrectionForm classId={classId} conversation={conversation} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CorrectionForm({
  classId,
  conversation,
  onDone,
}: {
  classId: string;
  conversation: ConversationSummary;
  onDone(): void;
}) {
  const [answer, setAnswer] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useCorrectConversation(classId);
  const length = answer.trim().length;
  const problem =
    length === 0
      ? TEACHER_ANSWER_MESSAGES.answerBlank
      : length > TEACHER_ANSWER_MAX_LENGTH
        ? TEACHER_ANSWER_MESSAGES.answerTooLong
        : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || save.isPending) return;
    save.mutate(
      { conversationId: conversation.id, answer: answer.trim() },
      {
        onSuccess: () => {
          toast.success(CORRECTION_SAVED);
          onDone();
        },
      },
    );
  }

  return (
    <DialogForm
      title="Correct this answer"
      description={
        conversation.corrected
          ? 'You corrected this answer before. Students asking this question get your newest correction, saved to the class material.'
          : 'Write the answer students should get. It is saved to the class material, and the next student who asks this question gets your answer.'
      }
      onSubmit={submit}
      error={save.isError ? errorText(save.error, CORRECTION_FAILED) : null}
      submitLabel={save.isPending ? 'Saving...' : 'Save correction'}
      submitIcon={BookCheck}
      pending={save.isPending}
      submitDisabled={length === 0}
      onCancel={onDone}
    >
      <div className="rounded-lg bg-ink-50 p-3 text-sm ring-1 ring-ink-200 ring-inset">
        <p className="text-xs font-semibold text-ink-600">The student asked</p>
        <p className="mt-0.5 break-words whitespace-pre-wrap text-ink-900">
          {conversation.question}
        </p>
      </div>
      <CountedTextarea
        label="Correct answer"
        count={length}
        limit={TEACHER_ANSWER_MAX_LENGTH}
        error={touched && problem ? problem : undefined}
        rows={7}
        value={answer}
        maxLength={TEACHER_ANSWER_MAX_LENGTH}
        onChange={(e) => setAnswer(e.target.value)}
        disabled={save.isPending}
      />
    </DialogForm>
  );
}
