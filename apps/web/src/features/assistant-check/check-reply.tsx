import type { ReactNode } from 'react';
import { BookOpen } from 'lucide-react';
import type { TestReply } from '@app/contracts';
import { ReplyKindLabel, ReplyText } from '@/components/chat/reply-text';
import { cn } from '@/lib/utils';
import { sourceTitles } from './assistant-check-logic';

/**
 * A reply as a student gets it (decision 013): an answer as plain text, an excerpt as the quoted
 * material, one the material does not cover tinted and headed so; then where it came from.
 */
export function CheckReply({
  reply,
  caption,
  className,
}: {
  reply: TestReply;
  /** what the box is ("A student asking this gets:"), above it */
  caption?: ReactNode;
  className?: string;
}) {
  const sources = sourceTitles(reply);
  return (
    <div className={cn('min-w-0', className)}>
      {caption ? <p className="mb-1 text-xs font-medium text-ink-600">{caption}</p> : null}
      <div
        data-kind={reply.kind}
        className={cn(
          'rounded-md p-3 text-sm',
          reply.kind === 'none' ? 'bg-warning-50 ring-1 ring-warning-200 ring-inset' : 'bg-ink-50',
        )}
      >
        <ReplyKindLabel kind={reply.kind} />
        <ReplyText
          kind={reply.kind}
          text={reply.response}
          linkify={false}
          className="leading-relaxed break-words text-ink-800"
        />
        {sources.length ? (
          <p className="mt-2 flex items-start gap-1.5 text-xs text-ink-600">
            <BookOpen className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              <span className="font-semibold">Source: </span>
              {sources.join(', ')}
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The teacher's checked answer, as it stood before the material changed. */
export function PreviousAnswer({ text, caption }: { text: string; caption: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-ink-600">{caption}</p>
      <div className="rounded-md bg-white p-3 text-sm ring-1 ring-ink-200 ring-inset">
        <ReplyText
          // a confirmed excerpt keeps its quotations
          kind={/^> /m.test(text) ? 'excerpt' : 'answer'}
          text={text}
          linkify={false}
          className="leading-relaxed break-words text-ink-800"
        />
      </div>
    </div>
  );
}
