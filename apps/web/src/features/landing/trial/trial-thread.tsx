import { useId, useState } from 'react';
import { AlertCircle, FileText, SearchX } from 'lucide-react';
import type { Citation, TrialChatReply } from '@app/contracts';
import { LogoMark } from '@/components/layout/logo';
import { cn } from '@/lib/utils';
import type { TrialThreadItem } from './use-trial-chat';

/** The trial conversation; new entries are announced politely (role="log"). */
export function TrialThread({ items, busy }: { items: TrialThreadItem[]; busy: boolean }) {
  return (
    <div role="log" aria-label="Trial conversation" className="space-y-4">
      {items.map((item) => {
        if (item.kind === 'question') return <QuestionBubble key={item.key} text={item.text} />;
        if (item.kind === 'error') return <SystemLine key={item.key} text={item.text} />;
        return <AnswerBubble key={item.key} reply={item.reply} />;
      })}
      {busy ? <Thinking /> : null}
    </div>
  );
}

/** Plain text with its line breaks; markup in an answer is shown, never run. */
function PlainText({ text, className }: { text: string; className?: string }) {
  return <p className={cn('break-words whitespace-pre-wrap', className)}>{text}</p>;
}

function QuestionBubble({ text }: { text: string }) {
  return (
    <div className="flex justify-end pl-8 sm:pl-14">
      <div className="max-w-full rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-sm leading-relaxed text-white shadow-sm">
        <span className="sr-only">You asked: </span>
        <PlainText text={text} />
      </div>
    </div>
  );
}

function AssistantRow({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2.5 pr-2 sm:pr-10">
      <LogoMark className="mt-0.5 size-7 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

function AnswerBubble({ reply }: { reply: TrialChatReply }) {
  const notInDocument = reply.source_type === 'other';
  return (
    <AssistantRow>
      <article
        aria-label={notInDocument ? 'Answer: not in the document' : 'Answer'}
        className={cn(
          'rounded-2xl rounded-tl-md border px-4 py-3 text-sm leading-relaxed text-ink-900 shadow-sm',
          notInDocument ? 'border-warning-200 bg-warning-50' : 'border-ink-200 bg-white',
        )}
      >
        {notInDocument ? (
          <p className="mb-1.5 flex items-center gap-1.5 text-xs font-semibold text-warning-800">
            <SearchX className="size-4" aria-hidden="true" />
            Not in the document
          </p>
        ) : null}
        <PlainText text={reply.response} />
        {reply.citations.length ? <Sources citations={reply.citations} /> : null}
      </article>
    </AssistantRow>
  );
}

interface SourceGroup {
  title: string;
  excerpts: string[];
}

/** One chip per title, however many of its passages were quoted. */
export function groupByTitle(citations: Citation[]): SourceGroup[] {
  const groups: SourceGroup[] = [];
  for (const { title, excerpt } of citations) {
    const group = groups.find((g) => g.title === title);
    if (!group) groups.push({ title, excerpts: [excerpt] });
    else if (!group.excerpts.includes(excerpt)) group.excerpts.push(excerpt);
  }
  return groups;
}

/** Source chips; pressing one shows the quoted passages below the chips. */
function Sources({ citations }: { citations: Citation[] }) {
  const groups = groupByTitle(citations);
  const [openTitle, setOpenTitle] = useState<string | null>(null);
  const panelId = `${useId()}-quote`;
  const open = groups.find((g) => g.title === openTitle);

  return (
    <div className="mt-3 border-t border-ink-100 pt-3">
      <p className="mb-2 text-xs font-semibold text-ink-600">Sources</p>
      <ul className="flex flex-wrap gap-2">
        {groups.map((group) => {
          const expanded = group.title === openTitle;
          return (
            <li key={group.title} className="max-w-full">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={expanded ? panelId : undefined}
                onClick={() => setOpenTitle(expanded ? null : group.title)}
                className={cn(
                  'inline-flex max-w-full items-center gap-1.5 rounded-full border px-3 py-1 text-left text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  expanded
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-ink-300 bg-white text-ink-800 hover:border-brand-300 hover:bg-brand-50',
                )}
              >
                <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{group.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={`Quoted from ${open.title}`}
          className="mt-2 space-y-2"
        >
          {open.excerpts.map((excerpt, index) => (
            <blockquote
              key={index}
              className="rounded-lg border-l-4 border-brand-300 bg-ink-50 px-3 py-2 text-xs leading-relaxed text-ink-700"
            >
              <PlainText text={excerpt} />
            </blockquote>
          ))}
        </div>
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

function Thinking() {
  return (
    <AssistantRow>
      <div
        role="status"
        className="inline-flex items-center gap-1 rounded-2xl rounded-tl-md border border-ink-200 bg-white px-4 py-3.5 shadow-sm"
      >
        <span className="sr-only">Reading the document for an answer…</span>
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
