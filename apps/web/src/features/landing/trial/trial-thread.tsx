import { AlertCircle } from 'lucide-react';
import { AnswerBubble, QuestionBubble, TypingIndicator } from '@/components/chat/chat-bubbles';
import type { TrialThreadItem } from './use-trial-chat';

// The dialog is narrower than the chat page: smaller gutters beside the bubbles.
const QUESTION_GUTTER = 'sm:pl-14';
const ANSWER_GUTTER = 'pr-2 sm:pr-10';

/** The trial conversation; new entries are announced politely (role="log"). */
export function TrialThread({ items, busy }: { items: TrialThreadItem[]; busy: boolean }) {
  return (
    <div role="log" aria-label="Trial conversation" className="space-y-4">
      {items.map((item) => {
        if (item.kind === 'question') {
          return (
            <QuestionBubble
              key={item.key}
              text={item.text}
              linkify={false}
              className={QUESTION_GUTTER}
            />
          );
        }
        if (item.kind === 'error') return <SystemLine key={item.key} text={item.text} />;
        // One document: its passages are grouped by its title.
        return (
          <AnswerBubble
            key={item.key}
            reply={item.reply}
            notCoveredLabel="Not in the document"
            linkify={false}
            sources={{ groupBy: 'title' }}
            rowClassName={ANSWER_GUTTER}
          />
        );
      })}
      {busy ? (
        <TypingIndicator label="Reading the document for an answer…" rowClassName={ANSWER_GUTTER} />
      ) : null}
    </div>
  );
}

function SystemLine({ text }: { text: string }) {
  return (
    <p className="mx-auto flex w-fit max-w-full items-start gap-2 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-700">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0">{text}</span>
    </p>
  );
}
