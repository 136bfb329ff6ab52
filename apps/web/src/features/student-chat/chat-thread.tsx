import { AlertCircle, Mail } from 'lucide-react';
import type { ChatReply } from '@app/contracts';
import { AnswerRating } from '@/components/chat/answer-rating';
import {
  AnswerBubble,
  AssistantRow,
  DraftAnswerBubble,
  QuestionBubble,
  TypingIndicator,
} from '@/components/chat/chat-bubbles';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useRateAnswer } from './api/rate-answer';

export type ThreadItem =
  | { kind: 'question'; key: string; text: string }
  | { kind: 'answer'; key: string; reply: ChatReply }
  | { kind: 'error'; key: string; text: string };

/**
 * The conversation so far, inside the page's log (role="log"). While an answer is written,
 * its draft shows where the typing dots were; the finished answer replaces it, with its sources
 * and Helpful / Not helpful under it. A reply shows its kind (decision 013): an excerpt is
 * quoted material, rated with "Did this help?"; an excerpt or a reply the material does not
 * cover offers Contact Teacher in its card.
 */
export function ChatThread({
  chatUuid,
  items,
  waiting,
  draft,
  onContact,
}: {
  /** the class's share link, to which the student's ratings are sent */
  chatUuid: string;
  items: ThreadItem[];
  waiting: boolean;
  /** The answer so far while it is streamed; null or empty before its first words. */
  draft: string | null;
  onContact(conversationId: string): void;
}) {
  const rateAnswer = useRateAnswer(chatUuid);
  const drafting = waiting && Boolean(draft);
  return (
    <>
      {items.map((item) => {
        if (item.kind === 'question') return <QuestionBubble key={item.key} text={item.text} />;
        if (item.kind === 'error') return <ErrorBubble key={item.key} text={item.text} />;
        const { reply } = item;
        // an excerpt is the material for the student to check, and a reply the material does
        // not cover has nothing to check: both offer the teacher in the card
        const offerTeacher = reply.kind !== 'answer';
        return (
          <AnswerBubble
            key={item.key}
            reply={reply}
            sources={{ showType: true, revealOpened: true }}
            actions={
              <AnswerRating
                className="mt-1"
                prompt={reply.kind === 'excerpt' ? 'Did this help?' : undefined}
                onRate={(rating) => rateAnswer.mutateAsync({ conversationId: reply.id, rating })}
              />
            }
          >
            {offerTeacher ? (
              <div
                className={cn(
                  'mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 border-t pt-3',
                  reply.kind === 'none' ? 'border-warning-200' : 'border-ink-100',
                )}
              >
                <p className="text-xs text-ink-700">
                  {reply.kind === 'none'
                    ? 'Your teacher can help with this one.'
                    : 'Not what you needed? Your teacher can help.'}
                </p>
                <Button size="sm" variant="outline" onClick={() => onContact(reply.id)}>
                  <Mail aria-hidden="true" /> Contact Teacher
                </Button>
              </div>
            ) : null}
          </AnswerBubble>
        );
      })}
      {drafting ? (
        <DraftAnswerBubble text={draft ?? ''} />
      ) : waiting ? (
        <TypingIndicator label="The assistant is typing…" />
      ) : null}
    </>
  );
}

function ErrorBubble({ text }: { text: string }) {
  return (
    <AssistantRow>
      <div className="flex items-start gap-2 rounded-2xl rounded-tl-md border border-danger-200 bg-danger-50 px-4 py-3 text-sm leading-relaxed text-danger-700">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </AssistantRow>
  );
}
