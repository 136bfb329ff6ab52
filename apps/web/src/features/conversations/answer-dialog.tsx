import { useState, type FormEvent } from 'react';
import { BookPlus } from 'lucide-react';
import { toast } from 'sonner';
import {
  TEACHER_ANSWER_MAX_LENGTH,
  TEACHER_ANSWER_MESSAGES,
  TITLE_MAX_LENGTH,
  type UnansweredGroup,
} from '@app/contracts';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { useAnswerUnanswered } from './api/answer-unanswered';

export const ANSWER_SAVED = 'Saved to class material. Students asking this now get your answer.';
const ANSWER_FAILED = 'Your answer could not be saved. Please try again.';

/** The teacher answers an open question once; it becomes an 'other information' item. */
export function AnswerDialog({
  classId,
  group,
  onClose,
}: {
  classId: string;
  group: UnansweredGroup | null;
  onClose(): void;
}) {
  return (
    <Dialog open={group !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="md">
        {group ? <AnswerForm classId={classId} group={group} onSaved={onClose} /> : null}
      </DialogContent>
    </Dialog>
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
  const [answer, setAnswer] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useAnswerUnanswered(classId);
  const answerLength = answer.trim().length;
  const questionProblem = question.trim() ? null : TEACHER_ANSWER_MESSAGES.questionBlank;
  const answerProblem =
    answerLength === 0
      ? TEACHER_ANSWER_MESSAGES.answerBlank
      : answerLength > TEACHER_ANSWER_MAX_LENGTH
        ? TEACHER_ANSWER_MESSAGES.answerTooLong
        : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (questionProblem || answerProblem || save.isPending) return;
    save.mutate(
      {
        question: question.trim(),
        answer: answer.trim(),
        conversation_ids: group.conversation_ids,
      },
      {
        onSuccess: () => {
          toast.success(ANSWER_SAVED);
          onSaved();
        },
      },
    );
  }

  return (
    <DialogForm
      title="Answer this question"
      description="Write the answer once. It is saved to the class material as other information, so the next student who asks gets it."
      onSubmit={submit}
      error={save.isError ? errorText(save.error, ANSWER_FAILED) : null}
      submitLabel="Save to class material"
      submitIcon={BookPlus}
      pending={save.isPending}
      submitDisabled={answerLength === 0}
    >
      <Field
        label="Question"
        hint="Becomes the title of the new material."
        error={touched && questionProblem ? questionProblem : undefined}
      >
        <Input
          value={question}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(e) => setQuestion(e.target.value)}
          disabled={save.isPending}
        />
      </Field>
      <CountedTextarea
        label="Your answer"
        count={answerLength}
        limit={TEACHER_ANSWER_MAX_LENGTH}
        error={touched && answerProblem ? answerProblem : undefined}
        rows={7}
        value={answer}
        maxLength={TEACHER_ANSWER_MAX_LENGTH}
        onChange={(e) => setAnswer(e.target.value)}
        disabled={save.isPending}
      />
    </DialogForm>
  );
}
