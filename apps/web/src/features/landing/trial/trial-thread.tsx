import { AlertCircle } from 'lucide-react';
import { TRIAL_MESSAGES, type AnswerRating as Rating } from '@app/contracts';
import { AnswerRating, ratingErrorText } from '@/components/chat/answer-rating';
import {
  AnswerBubble,
  DraftAnswerBubble,
  QuestionBubble,
  TypingIndicator,
} from '@/components/chat/chat-bubbles';
import { isSessionGone } from './trial-rules';
import type { TrialThreadItem } from './use-trial-chat';

// The dialog is narrower than the chat page: smaller gutters beside the bubbles.
const QUESTION_GUTTER = 'sm:pl-14';
const ANSWER_GUTTER = 'pr-2 sm:pr-10';

/** A rating cannot outlive its session: a 404 says to upload again, as a failed question does. */
const trialRatingErrorText = (error: unknown) =>
  isSessionGone(error) ? TRIAL_MESSAGES.sessionExpired : ratingErrorText(error);

/**
 * The trial conversation; new entries are announced politely (role="log"). While an answer is
 * written, its draft shows (busy, not announced) until the reply with its passages replaces it,
 * with Helpful / Not helpful under it. Each reply shows its kind as the student chat
 * does (decision 013): an excerpt of the document is quoted, "Did this help?" under it.
 */
export function TrialThread({
  items,
  busy,
  draft,
  onRate,
}: {
  items: TrialThreadItem[];
  busy: boolean;
  /** The answer so far while it is streamed; null or empty before its first words. */
  draft: string | null;
  /** Saves a rating of the reply (null takes it back). */
  onRate(replyId: string, rating: Rating | null): Promise<unknown>;
}) {
  const drafting = busy && Boolean(draft);
  return (
    <div role="log" aria-label="Trial conversation" aria-busy={drafting} className="space-y-4">
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
            material="document"
            linkify={false}
            sources={{ groupBy: 'title' }}
            rowClassName={ANSWER_GUTTER}
            actions={
              <AnswerRating
                className="mt-1"
                prompt={item.reply.kind === 'excerpt' ? 'Did this help?' : undefined}
                onRate={(rating) => onRate(item.reply.id, rating)}
                errorText={trialRatingErrorText}
              />
            }
          />
        );
      })}
      {drafting ? (
        <DraftAnswerBubble text={draft ?? ''} rowClassName={ANSWER_GUTTER} />
      ) : busy ? (
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
