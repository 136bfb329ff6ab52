import { useEffect, useRef, useState } from 'react';
import { FileText, MessageCircleQuestion, RefreshCw, Sparkles, UploadCloud } from 'lucide-react';
import {
  TRIAL_QUESTION_LIMIT,
  type AnswerRating as Rating,
  type TrialDocument,
} from '@app/contracts';
import { AskForm } from '@/components/chat/ask-form';
import { useFollowEnd } from '@/components/chat/use-follow-end';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/format';
import { formatWordCount } from './trial-rules';
import { TrialThread } from './trial-thread';
import type { Recovery, TrialThreadItem } from './use-trial-chat';

/** Step 2: questions about the uploaded document, with the input pinned at the bottom. */
export function ChatStep({
  document,
  items,
  busy,
  answerDraft,
  questionsLeft,
  recovery,
  focusInput,
  onAsk,
  onRate,
  onUseAnotherDocument,
  onRecover,
  onSignUp,
}: {
  document: TrialDocument;
  items: TrialThreadItem[];
  busy: boolean;
  /** the answer so far, while it is streamed */
  answerDraft: string | null;
  questionsLeft: number;
  recovery: Recovery | null;
  focusInput: boolean;
  /** Resolves true when the question was answered (the box then stays empty). */
  onAsk(question: string): Promise<boolean>;
  /** Saves a rating of an answer (null takes it back). */
  onRate(replyId: string, rating: Rating | null): Promise<unknown>;
  onUseAnotherDocument(): void;
  onRecover(): void;
  onSignUp(): void;
}) {
  const [draft, setDraft] = useState('');
  const scrollerRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // Keep the newest message (or the thinking dots) in view.
  useEffect(() => {
    if (items.length) endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [items.length, busy]);
  // …and follow the answer as it is written, unless the visitor scrolled up.
  useFollowEnd(scrollerRef, endRef, answerDraft);

  async function send() {
    const question = draft.trim();
    if (!question || busy || questionsLeft <= 0) return;
    setDraft('');
    const answered = await onAsk(question);
    // A failed question comes back to the box so it can be sent again.
    if (!answered) setDraft((current) => current || question);
  }

  return (
    <>
      <DocumentBar
        document={document}
        onUseAnother={questionsLeft > 0 ? onUseAnotherDocument : null}
        disabled={busy}
      />
      <div ref={scrollerRef} className="min-h-0 flex-1 overflow-y-auto bg-ink-50 px-4 py-5 sm:px-6">
        {items.length === 0 ? <Welcome fileName={document.file_name} /> : null}
        <TrialThread items={items} busy={busy} draft={answerDraft} onRate={onRate} />
        <div ref={endRef} />
      </div>
      <div className="border-t border-ink-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        {recovery ? (
          <RecoveryOffer recovery={recovery} onRecover={onRecover} />
        ) : questionsLeft <= 0 ? (
          <SignUpPrompt onSignUp={onSignUp} />
        ) : (
          // SPEC §5 Trial chat: blank text and sending while busy are ignored
          <AskForm
            id="trial-question"
            label="Ask about your document"
            placeholder="Ask about your document…"
            value={draft}
            onChange={setDraft}
            canSend={draft.trim().length > 0 && !busy}
            onSend={() => void send()}
            autoFocus={focusInput}
            sendLabel="Send"
            showSendLabel
          />
        )}
      </div>
    </>
  );
}

function DocumentBar({
  document,
  onUseAnother,
  disabled,
}: {
  document: TrialDocument;
  /** null once the questions are used up: another document would not help */
  onUseAnother: (() => void) | null;
  disabled: boolean;
}) {
  return (
    <section
      aria-label="Your document"
      className="flex items-center gap-3 border-b border-ink-200 px-4 py-3 sm:px-6"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        <FileText className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-ink-900" title={document.file_name}>
          {document.file_name}
        </p>
        <p className="text-xs text-ink-600">
          {formatFileSize(document.file_size)} · {formatWordCount(document.word_count)}
        </p>
      </div>
      {onUseAnother ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onUseAnother}
          disabled={disabled}
          title="Use another document"
          className="max-sm:size-9 max-sm:px-0"
        >
          <RefreshCw aria-hidden="true" />
          {/* a phone shows the icon alone; the name stays for screen readers */}
          <span className="max-sm:sr-only">Use another document</span>
        </Button>
      ) : null}
    </section>
  );
}

function Welcome({ fileName }: { fileName: string }) {
  return (
    <div className="mb-4 flex flex-col items-center px-2 py-6 text-center sm:py-8">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm">
        <MessageCircleQuestion className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-base font-semibold break-all text-ink-900 sm:break-words">
        Ask anything about {fileName}
      </h3>
      <p className="mt-1 max-w-sm text-sm leading-relaxed text-ink-600">
        Answers come only from your document, with the passages they were taken from.
      </p>
    </div>
  );
}

/** Shown once the free questions are used up (SPEC §2 Trial document modal). */
function SignUpPrompt({ onSignUp }: { onSignUp(): void }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-center">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm sm:flex">
        <Sparkles className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink-900">
          You&apos;ve used your {TRIAL_QUESTION_LIMIT} free questions
        </p>
        <p className="mt-0.5 text-sm text-ink-700">
          Sign up to load your whole course and let students ask it anything, any hour.
        </p>
      </div>
      <Button onClick={onSignUp} className="shrink-0">
        Sign Up
      </Button>
    </div>
  );
}

function RecoveryOffer({ recovery, onRecover }: { recovery: Recovery; onRecover(): void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-700">
        {recovery === 'new-session'
          ? 'Your trial session ended. Start again with your document.'
          : 'Upload your document again to keep asking.'}
      </p>
      <Button onClick={onRecover} className="shrink-0">
        <UploadCloud aria-hidden="true" />
        Upload again
      </Button>
    </div>
  );
}
