import { BookCheck } from 'lucide-react';
import type { ConversationSummary } from '@app/contracts';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { DialogForm } from '@/components/ui/dialog-form';
import { useCorrectConversation } from './api/correct-conversation';
import { TeacherAnswerDialog, useTeacherAnswer } from './teacher-answer';

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
    <TeacherAnswerDialog item={conversation} onClose={onClose}>
      {(open) => <CorrectionForm classId={classId} conversation={open} onDone={onClose} />}
    </TeacherAnswerDialog>
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
  const save = useCorrectConversation(classId);
  const answer = useTeacherAnswer({
    save,
    saved: CORRECTION_SAVED,
    failed: CORRECTION_FAILED,
    onSaved: onDone,
  });

  return (
    <DialogForm
      title="Correct this answer"
      description={
        conversation.corrected
          ? 'You corrected this answer before. Students asking this question get your newest correction, saved to the class material.'
          : 'Write the answer students should get. It is saved to the class material, and the next student who asks this question gets your answer.'
      }
      onSubmit={(event) =>
        answer.submit(event, (text) => ({ conversationId: conversation.id, answer: text }))
      }
      {...answer.form}
      submitLabel={save.isPending ? 'Saving...' : 'Save correction'}
      submitIcon={BookCheck}
      onCancel={onDone}
    >
      <div className="rounded-lg bg-ink-50 p-3 text-sm ring-1 ring-ink-200 ring-inset">
        <p className="text-xs font-semibold text-ink-600">The student asked</p>
        <p className="mt-0.5 break-words whitespace-pre-wrap text-ink-900">
          {conversation.question}
        </p>
      </div>
      <CountedTextarea label="Correct answer" {...answer.field} />
    </DialogForm>
  );
}
