import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { QUESTION_MAX_LENGTH, type TestReply } from '@app/contracts';
import { WRITING_CARET } from '@/components/chat/chat-bubbles';
import { ReplyKindLabel, ReplyText } from '@/components/chat/reply-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { TestResult } from './wizard-state';
import { contentTypeLabel } from '@/lib/content-types';
import { cn } from '@/lib/utils';

/**
 * One test question with its Test button and its answer: on its way (then written as it comes,
 * sources at the end), done, or why it failed.
 */
export function TestQuestionItem({
  question,
  result,
  draft = null,
  disabled = false,
  onTest,
}: {
  question: string;
  result: TestResult | undefined;
  /** the answer so far, while it is streamed */
  draft?: string | null;
  disabled?: boolean;
  onTest(): void;
}) {
  const loading = result?.status === 'loading';
  return (
    <li className="rounded-lg border border-ink-200 bg-white p-3 text-sm">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <p className="min-w-0 flex-1 font-medium break-words text-ink-900">{question}</p>
        <Button
          variant="secondary"
          size="sm"
          loading={loading}
          disabled={disabled}
          onClick={onTest}
          aria-label={`Test: ${question}`}
        >
          {result?.status === 'done' ? 'Test again' : 'Test'}
        </Button>
      </div>
      {loading && draft ? (
        <div aria-busy="true" className="mt-2 rounded-md bg-ink-50 p-3 sm:ml-7">
          <span className="sr-only">Answer being written: </span>
          <p
            className={cn(
              'leading-relaxed break-words whitespace-pre-wrap text-ink-800',
              WRITING_CARET,
            )}
          >
            {draft}
          </p>
        </div>
      ) : loading ? (
        <p role="status" className="mt-2 text-ink-600 sm:pl-7">
          Getting an answer…
        </p>
      ) : null}
      {result?.status === 'error' ? (
        <p role="alert" className="mt-2 font-medium text-danger-700 sm:pl-7">
          {result.message}
        </p>
      ) : null}
      {result?.status === 'done' ? <TestAnswer reply={result.reply} /> : null}
    </li>
  );
}

/**
 * A test answer as a student will get it (decision 013): an answer as plain text (never markup), an
 * excerpt as the quoted material, one the material does not cover tinted and headed so; with the
 * titles of the items it came from.
 */
function TestAnswer({ reply }: { reply: TestReply }) {
  const sources = reply.citations.filter(
    (c, index, all) => all.findIndex((x) => x.content_id === c.content_id) === index,
  );
  return (
    <div
      data-kind={reply.kind}
      className={cn(
        'mt-2 rounded-md p-3 sm:ml-7',
        reply.kind === 'none' ? 'bg-warning-50 ring-1 ring-warning-200 ring-inset' : 'bg-ink-50',
      )}
    >
      <ReplyKindLabel kind={reply.kind} />
      <ReplyText
        kind={reply.kind}
        text={reply.response}
        linkify={false}
        className="leading-relaxed text-ink-800"
      />
      {reply.kind === 'excerpt' ? (
        <p className="mt-2 text-xs text-ink-600">
          Students see this passage to read and check for themselves, with Contact Teacher beside
          it.
        </p>
      ) : null}
      {sources.length ? (
        <p className="mt-2 text-xs text-ink-600">
          <span className="font-semibold">Sources: </span>
          {sources.map((c) => `${c.title} (${contentTypeLabel(c.content_type)})`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}

/** The teacher's own question: added to the list and tested. */
export function OwnQuestionForm({
  onTest,
  disabled = false,
}: {
  onTest(question: string): void;
  disabled?: boolean;
}) {
  const [question, setQuestion] = useState('');
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!question.trim() || disabled) return;
        onTest(question);
        setQuestion('');
      }}
    >
      <Field label="Your question" className="min-w-0 flex-1">
        <Input
          value={question}
          maxLength={QUESTION_MAX_LENGTH}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="e.g. Is attendance required?"
        />
      </Field>
      <Button type="submit" variant="outline" disabled={disabled || !question.trim()}>
        Test
      </Button>
    </form>
  );
}
