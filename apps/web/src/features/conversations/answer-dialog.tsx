import { useState } from 'react';
import { BookPlus } from 'lucide-react';
import { TEACHER_ANSWER_MESSAGES, TITLE_MAX_LENGTH, type UnansweredGroup } from '@app/contracts';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { DialogForm } from '@/components/ui/dialog-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAnswerUnanswered } from './api/answer-unanswered';
import { TeacherAnswerDialog, useTeacherAnswer } from './teacher-answer';

export const ANSWER_SAVED = 'Saved to class material. Students asking this now get your answer.';
const ANSWER_FAILED = 'Your answer could not be saved. Please try again.';

/** The teacher answers an open question once; it becomes an 'other information' item. */
export function AnswerDialog({
  classId,
  group,
  onClose,
  onAnswered,
  onCloseAutoFocus,
}: {
  classId: string;
  group: UnansweredGroup | null;
  onClose(): void;
  /** the answer is saved: the group leaves the list */
  onAnswered?(group: UnansweredGroup): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <TeacherAnswerDialog item={group} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus}>
      {(open) => (
        <AnswerForm
          classId={classId}
          group={open}
          onSaved={() => {
            onAnswered?.(open);
            onClose();
          }}
        />
      )}
    </TeacherAnswerDialog>
  );
}

function AnswerForm({
  classId,
  group,
  onSaved,
}: {
  classId: string;
  group: UnansweredGroup;
  onSaved(): void;
}) {
  const [question, setQuestion] = useState(group.question.slice(0, TITLE_MAX_LENGTH));
  const save = useAnswerUnanswered(classId);
  const answer = useTeacherAnswer({ save, saved: ANSWER_SAVED, failed: ANSWER_FAILED, onSaved });
  const questionProblem = question.trim() ? null : TEACHER_ANSWER_MESSAGES.questionBlank;

  return (
    <DialogForm
      title="Answer this question"
      description="Write the answer once. It is saved to the class material as other information, so the next student who asks gets it."
      onSubmit={(event) =>
        answer.submit(
          event,
          (text) => ({
            question: question.trim(),
            answer: text,
            conversation_ids: group.conversation_ids,
          }),
          questionProblem,
        )
      }
      {...answer.form}
      submitLabel="Save to class material"
      submitIcon={BookPlus}
    >
      <Field
        label="Question"
        hint="Becomes the title of the new material."
        error={answer.touched && questionProblem ? questionProblem : undefined}
      >
        <Input
          value={question}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(e) => setQuestion(e.target.value)}
          disabled={save.isPending}
        />
      </Field>
      <CountedTextarea label="Your answer" {...answer.field} />
    </DialogForm>
  );
}
