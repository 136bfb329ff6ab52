import { useCallback, useEffect, useRef, useState } from 'react';
import { MessageCircleQuestion } from 'lucide-react';
import { TRIAL_MESSAGES, type TrialData } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuthModals } from '@/lib/auth-modals';
import { cn } from '@/lib/utils';
import { useRateTrialAnswer } from './api/rate-trial-answer';
import { ChatStep } from './chat-step';
import { questionsLeftText } from './trial-rules';
import { UploadStep } from './upload-step';
import { useTrialChat } from './use-trial-chat';
import { useTrialSession } from './use-trial-session';
import { useTrialUpload } from './use-trial-upload';

/**
 * The no-signup document trial (SPEC §2 Trial document modal): upload one document, then ask
 * up to 10 questions about it. State lives here, outside the dialog's content, so closing and
 * reopening the dialog resumes where the visitor left off.
 */
export function TrialDialog({
  open,
  onOpenChange,
  file,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A file picked on the landing page: uploaded as soon as the session is ready. */
  file: File | null;
}) {
  const modals = useAuthModals();
  const { state, load, startFresh, update } = useTrialSession();
  const { state: uploadState, send: sendUpload, reset: resetUpload } = useTrialUpload();
  const chat = useTrialChat();
  const rateAnswer = useRateTrialAnswer();
  const resetChat = chat.reset;
  const [choosingDocument, setChoosingDocument] = useState(false);
  const [justUploaded, setJustUploaded] = useState(false);
  const handledFile = useRef<File | null>(null);

  const sessionId = state.status === 'ready' ? state.trial.session_id : null;
  // A new session starts a new conversation.
  useEffect(() => {
    resetChat();
  }, [sessionId, resetChat]);

  const sendDocument = useCallback(
    async (picked: File, trial: TrialData) => {
      setChoosingDocument(true);
      setJustUploaded(false);
      const outcome = await sendUpload(picked, trial.session_id);
      if (outcome.kind === 'uploaded') {
        update((current) => ({ ...current, document: outcome.document }));
        resetChat();
        setChoosingDocument(false);
        setJustUploaded(true);
      } else if (outcome.kind === 'session-gone') {
        await startFresh();
      }
    },
    [sendUpload, update, resetChat, startFresh],
  );

  useEffect(() => {
    if (!open) return;
    void load().then((trial) => {
      if (!trial || !file || handledFile.current === file) return;
      handledFile.current = file;
      void sendDocument(file, trial);
    });
  }, [open, file, load, sendDocument]);

  async function ask(question: string): Promise<boolean> {
    if (state.status !== 'ready' || state.trial.questions_left <= 0) return false;
    setJustUploaded(false);
    const outcome = await chat.ask(state.trial.session_id, question);
    if (outcome.kind === 'answered') {
      update((current) => ({ ...current, questions_left: outcome.questionsLeft }));
      return true;
    }
    if (outcome.kind === 'limit') update((current) => ({ ...current, questions_left: 0 }));
    return false;
  }

  async function recover() {
    if (chat.recovery === 'new-session') await startFresh();
    else update((current) => ({ ...current, document: null }));
    resetChat();
    resetUpload();
    setChoosingDocument(true);
  }

  function signUp() {
    onOpenChange(false);
    modals.openSignUp();
  }

  const trial = state.status === 'ready' ? state.trial : null;
  const onChatStep = Boolean(trial?.document) && !choosingDocument;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        className={cn(
          'flex flex-col overflow-hidden p-0 sm:p-0',
          'max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] rounded-xl sm:max-h-[calc(100dvh-4rem)] sm:rounded-2xl',
          // the chat fills a phone's screen with the input pinned at the bottom
          onChatStep && 'h-[calc(100dvh-1rem)] sm:h-[min(46rem,calc(100dvh-4rem))]',
        )}
      >
        <div className="border-b border-ink-200 px-5 py-4 pr-14 sm:px-6">
          <DialogTitle className="text-lg sm:text-xl">Try it with your document</DialogTitle>
          <DialogDescription className={cn('mt-0.5', onChatStep && 'max-sm:sr-only')}>
            Upload a PDF, DOCX or TXT file and ask questions about it. No account needed.
          </DialogDescription>
          {trial ? <QuestionsLeft count={trial.questions_left} /> : null}
        </div>

        {state.status === 'starting' ? <Starting /> : null}
        {state.status === 'failed' ? (
          <StartFailed detail={state.detail} onRetry={() => void load()} />
        ) : null}
        {trial && onChatStep && trial.document ? (
          <ChatStep
            document={trial.document}
            items={chat.items}
            busy={chat.busy}
            answerDraft={chat.draft}
            questionsLeft={trial.questions_left}
            recovery={chat.recovery}
            focusInput={justUploaded}
            onAsk={ask}
            onRate={(replyId, rating) =>
              rateAnswer.mutateAsync({ session_id: trial.session_id, reply_id: replyId, rating })
            }
            onUseAnotherDocument={() => {
              resetUpload();
              setChoosingDocument(true);
            }}
            onRecover={() => void recover()}
            onSignUp={signUp}
          />
        ) : null}
        {trial && !onChatStep ? (
          <UploadStep
            upload={uploadState}
            onFile={(picked) => void sendDocument(picked, trial)}
            onBackToChat={
              trial.document
                ? () => {
                    resetUpload();
                    setChoosingDocument(false);
                  }
                : undefined
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function QuestionsLeft({ count }: { count: number }) {
  return (
    <p
      aria-live="polite"
      className={cn(
        'mt-2.5 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        count > 0
          ? 'bg-brand-50 text-brand-800 ring-brand-200'
          : 'bg-warning-50 text-warning-800 ring-warning-200',
      )}
    >
      <MessageCircleQuestion className="size-3.5" aria-hidden="true" />
      {questionsLeftText(count)}
    </p>
  );
}

function Starting() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-5 py-12 text-brand-600">
      <Spinner size="lg" label={null} />
      <p role="status" className="text-sm text-ink-600">
        Starting your trial…
      </p>
    </div>
  );
}

function StartFailed({ detail, onRetry }: { detail: string | null; onRetry(): void }) {
  return (
    <div className="flex flex-1 flex-col gap-4 px-5 py-6 sm:px-6">
      <Alert variant="danger" title={TRIAL_MESSAGES.sessionNotStarted}>
        {detail}
      </Alert>
      <Button variant="outline" className="self-start" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
