import type { ReactNode } from 'react';
import { BadgeCheck } from 'lucide-react';
import type { Citation, ReplyKind } from '@app/contracts';
import { LogoMark } from '@/components/layout/logo';
import { cn } from '@/lib/utils';
import { AnswerText } from './answer-text';
import { ReplyKindLabel, ReplyText, replyKindName, type MaterialName } from './reply-text';
import { Sources, type SourcesProps } from './sources';

/** The asker's message, at the right. `className` sets the row's left gutter. */
export function QuestionBubble({
  text,
  linkify = true,
  className,
}: {
  text: string;
  linkify?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end pl-8 sm:pl-16', className)}>
      <div className="max-w-full rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-sm leading-relaxed text-white shadow-sm">
        <span className="sr-only">You asked: </span>
        <AnswerText
          text={text}
          linkify={linkify}
          className={linkify ? '[&_a]:text-white' : undefined}
        />
      </div>
    </div>
  );
}

/** The assistant's mark beside its message, at the left. `className` sets the right gutter. */
export function AssistantRow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-start gap-2.5 pr-4 sm:pr-16', className)}>
      <LogoMark className="mt-0.5 size-7 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * A reply with its sources, shown as its kind (decision 013): an answer as plain text; an excerpt as
 * the material quoted for the reader to check (its leads, the passages set off, the best sentence
 * highlighted); one the material does not cover tinted and headed so. The kind is the first thing
 * a screen reader hears. `children` end the card (e.g. a way to ask a person), and `actions` sit
 * quietly under it (e.g. the reply's rating).
 */
export function AnswerBubble({
  reply,
  material = 'course material',
  linkify = true,
  sources,
  rowClassName,
  children,
  actions,
}: {
  /** `checked_by_teacher`: the teacher checked this answer (Check your assistant) */
  reply: { response: string; kind: ReplyKind; citations: Citation[]; checked_by_teacher?: boolean };
  /** what the material is called: "Not in the course material", "Excerpt from the document" */
  material?: MaterialName;
  linkify?: boolean;
  sources?: Omit<SourcesProps, 'citations' | 'linkify'>;
  rowClassName?: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { kind } = reply;
  const name = replyKindName(kind, material);
  return (
    <AssistantRow className={rowClassName}>
      <article
        aria-label={name === 'Answer' ? name : `Answer: ${lowerFirst(name)}`}
        data-kind={kind}
        className={cn(
          'rounded-2xl rounded-tl-md border px-4 py-3 text-sm leading-relaxed text-ink-900 shadow-sm',
          kind === 'none' ? 'border-warning-200 bg-warning-50' : 'border-ink-200 bg-white',
        )}
      >
        <ReplyKindLabel kind={kind} material={material} />
        {reply.checked_by_teacher ? <CheckedByTeacher /> : null}
        <ReplyText kind={reply.kind} text={reply.response} linkify={linkify} />
        {reply.citations.length ? (
          <Sources citations={reply.citations} linkify={linkify} {...sources} />
        ) : null}
        {children}
      </article>
      {actions}
    </AssistantRow>
  );
}

/** Over a reply the teacher checked: confirmed, written or marked not covered by them. */
export function CheckedByTeacher() {
  return (
    <p className="mb-1.5">
      <span className="inline-flex items-center gap-1 rounded-full bg-success-50 px-2 py-0.5 text-xs font-semibold text-success-700 ring-1 ring-success-600/20 ring-inset">
        <BadgeCheck className="size-3.5 shrink-0" aria-hidden="true" />
        Checked by your teacher
        <span className="sr-only">:</span>
      </span>
    </p>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A blinking caret after the text of an answer still being written (a CSS box, never read out). */
export const WRITING_CARET =
  "after:ml-0.5 after:inline-block after:h-[1.1em] after:w-1.5 after:translate-y-[0.2em] after:animate-pulse after:rounded-sm after:bg-brand-500 after:content-['']";

/**
 * An answer still being written: the text so far with a blinking caret, no sources yet. It is
 * kept out of the live region (aria-live off, aria-busy) so a screen reader is not read every
 * new word; the finished answer that replaces it is announced once. Links wait for the end too:
 * a half-written URL would point somewhere else.
 */
export function DraftAnswerBubble({ text, rowClassName }: { text: string; rowClassName?: string }) {
  return (
    <AssistantRow className={rowClassName}>
      <article
        aria-label="Answer being written"
        aria-busy="true"
        aria-live="off"
        className="rounded-2xl rounded-tl-md border border-ink-200 bg-white px-4 py-3 text-sm leading-relaxed text-ink-900 shadow-sm"
      >
        <AnswerText text={text} linkify={false} className={WRITING_CARET} />
      </article>
    </AssistantRow>
  );
}

/** Three bouncing dots while an answer is on its way; `label` is what a screen reader hears. */
export function TypingIndicator({ label, rowClassName }: { label: string; rowClassName?: string }) {
  return (
    <AssistantRow className={rowClassName}>
      <div
        role="status"
        className="inline-flex items-center gap-1 rounded-2xl rounded-tl-md border border-ink-200 bg-white px-4 py-3.5 shadow-sm"
      >
        <span className="sr-only">{label}</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 animate-bounce rounded-full bg-ink-400"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </AssistantRow>
  );
}
