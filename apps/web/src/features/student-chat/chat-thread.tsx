import { useEffect, useId, useRef, useState } from 'react';
import { AlertCircle, BookOpen, FileText, Mail, SearchX } from 'lucide-react';
import type { ChatReply, Citation } from '@app/contracts';
import { LogoMark } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { contentTypeLabel } from '@/lib/classes-api';
import { cn } from '@/lib/utils';
import { AnswerText } from './answer-text';

export type ThreadItem =
  | { kind: 'question'; key: string; text: string }
  | { kind: 'answer'; key: string; reply: ChatReply }
  | { kind: 'error'; key: string; text: string };

/** The conversation so far; new entries are announced politely (role="log"). */
export function ChatThread({
  items,
  waiting,
  onContact,
}: {
  items: ThreadItem[];
  waiting: boolean;
  onContact(conversationId: string): void;
}) {
  return (
    <div role="log" aria-label="Conversation" className="space-y-5">
      {items.map((item) => {
        if (item.kind === 'question') return <QuestionBubble key={item.key} text={item.text} />;
        if (item.kind === 'error') return <ErrorBubble key={item.key} text={item.text} />;
        return <AnswerBubble key={item.key} reply={item.reply} onContact={onContact} />;
      })}
      {waiting ? <TypingIndicator /> : null}
    </div>
  );
}

function QuestionBubble({ text }: { text: string }) {
  return (
    <div className="flex justify-end pl-8 sm:pl-16">
      <div className="max-w-full rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-sm leading-relaxed text-white shadow-sm">
        <span className="sr-only">You asked: </span>
        <AnswerText text={text} className="[&_a]:text-white" />
      </div>
    </div>
  );
}

function AssistantRow({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2.5 pr-4 sm:pr-16">
      <LogoMark className="mt-0.5 size-7 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

function AnswerBubble({
  reply,
  onContact,
}: {
  reply: ChatReply;
  onContact(conversationId: string): void;
}) {
  const notCovered = reply.source_type === 'other';
  return (
    <AssistantRow>
      <article
        aria-label={notCovered ? 'Answer: not in the course material' : 'Answer'}
        className={cn(
          'rounded-2xl rounded-tl-md border px-4 py-3 text-sm leading-relaxed shadow-sm',
          notCovered
            ? 'border-warning-200 bg-warning-50 text-ink-900'
            : 'border-ink-200 bg-white text-ink-900',
        )}
      >
        {notCovered ? (
          <p className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold text-warning-800">
            <SearchX className="size-4" aria-hidden="true" />
            Not in the course material
          </p>
        ) : null}
        <AnswerText text={reply.response} />
        {reply.citations.length ? <Sources citations={reply.citations} /> : null}
        {notCovered ? (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-warning-200 pt-3">
            <p className="text-xs text-ink-700">Your teacher can help with this one.</p>
            <Button size="sm" variant="outline" onClick={() => onContact(reply.id)}>
              <Mail aria-hidden="true" /> Contact Teacher
            </Button>
          </div>
        ) : null}
      </article>
    </AssistantRow>
  );
}

interface SourceGroup {
  contentId: string;
  title: string;
  contentType: string;
  excerpts: string[];
}

/** One chip per course item, however many passages of it were quoted. */
export function groupCitations(citations: Citation[]): SourceGroup[] {
  const groups: SourceGroup[] = [];
  for (const c of citations) {
    const group = groups.find((g) => g.contentId === c.content_id);
    if (group) {
      if (!group.excerpts.includes(c.excerpt)) group.excerpts.push(c.excerpt);
    } else {
      groups.push({
        contentId: c.content_id,
        title: c.title,
        contentType: c.content_type,
        excerpts: [c.excerpt],
      });
    }
  }
  return groups;
}

/** Source chips; each one discloses the quoted passages below the chips. */
function Sources({ citations }: { citations: Citation[] }) {
  const groups = groupCitations(citations);
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const open = groups.find((g) => g.contentId === openId);
  const panelId = `${baseId}-passage`;
  const panelRef = useRef<HTMLDivElement>(null);

  // An opened passage below the fold is brought into view.
  useEffect(() => {
    if (openId) panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [openId]);

  return (
    <div className="mt-3 border-t border-ink-100 pt-3">
      <p className="mb-2 text-xs font-semibold text-ink-600">Sources</p>
      <ul className="flex flex-wrap gap-2">
        {groups.map((group) => {
          const expanded = group.contentId === openId;
          return (
            <li key={group.contentId} className="max-w-full">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={expanded ? panelId : undefined}
                onClick={() => setOpenId(expanded ? null : group.contentId)}
                className={cn(
                  'inline-flex max-w-full items-center gap-1.5 rounded-full border px-3 py-1 text-left text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  expanded
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-ink-300 bg-white text-ink-800 hover:border-brand-300 hover:bg-brand-50',
                )}
              >
                {group.contentType === 'syllabus' ? (
                  <BookOpen className="size-3.5 shrink-0" aria-hidden="true" />
                ) : (
                  <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                )}
                <span className="truncate">{group.title}</span>
                <span className="shrink-0 font-normal text-ink-600">
                  · {contentTypeLabel(group.contentType)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {open ? (
        <div
          id={panelId}
          ref={panelRef}
          role="region"
          aria-label={`Quoted from ${open.title}`}
          className="mt-2 space-y-2"
        >
          {open.excerpts.map((excerpt, index) => (
            <blockquote
              key={index}
              className="rounded-lg border-l-4 border-brand-300 bg-ink-50 px-3 py-2 text-xs leading-relaxed text-ink-700"
            >
              <AnswerText text={excerpt} />
            </blockquote>
          ))}
        </div>
      ) : null}
    </div>
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

function TypingIndicator() {
  return (
    <AssistantRow>
      <div
        role="status"
        className="inline-flex items-center gap-1 rounded-2xl rounded-tl-md border border-ink-200 bg-white px-4 py-3.5 shadow-sm"
      >
        <span className="sr-only">The assistant is typing…</span>
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
