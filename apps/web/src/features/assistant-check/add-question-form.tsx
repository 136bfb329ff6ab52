import { useState } from 'react';
import { Plus } from 'lucide-react';
import { QUESTION_MAX_LENGTH, questionSchema, type AssistantCheckItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useAddAssistantCheck } from './api/add-assistant-check';
import { CHECK_TEXT } from './assistant-check-logic';

/**
 * A question of the teacher's own, added to the list with the reply a student gets now. The
 * server's refusals (already on the list, too many) show under the field.
 */
export function AddQuestionForm({
  classId,
  onAdded,
  onFailed,
}: {
  classId: string;
  onAdded(item: AssistantCheckItem): void;
  /** why it was not added, to be announced */
  onFailed(message: string): void;
}) {
  const add = useAddAssistantCheck(classId);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const parsed = questionSchema.safeParse(question);
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? CHECK_TEXT.addFailed);
      return;
    }
    setError(null);
    try {
      const item = await add.mutateAsync(parsed.data);
      setQuestion('');
      onAdded(item);
    } catch (failure) {
      fail(errorText(failure, CHECK_TEXT.addFailed));
    }
  }

  function fail(message: string) {
    setError(message);
    onFailed(message);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!add.isPending) void submit();
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <Field
        label={CHECK_TEXT.addLabel}
        hint={CHECK_TEXT.addHint}
        error={error ?? undefined}
        className="min-w-0 flex-1"
      >
        <Input
          value={question}
          maxLength={QUESTION_MAX_LENGTH}
          onChange={(event) => {
            setQuestion(event.target.value);
            if (error) setError(null);
          }}
          placeholder="e.g. Are lecture slides posted online?"
          className="text-base sm:text-sm"
        />
      </Field>
      {/* busy, not disabled, while it is added: a disabled button would drop the keyboard focus */}
      <Button
        type="submit"
        variant="outline"
        aria-busy={add.isPending || undefined}
        className="self-start sm:mt-7"
      >
        {add.isPending ? <Spinner size="sm" label={null} /> : <Plus aria-hidden="true" />}
        Add
      </Button>
    </form>
  );
}
