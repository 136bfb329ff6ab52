import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Lock, Mail, MessageCircleQuestion, Sparkles } from 'lucide-react';
import type { ChatSession } from '@app/contracts';
import { SkipLink } from '@/components/layout/skip-link';
import { LogoMark } from '@/components/layout/logo';
import { useFollowEnd } from '@/components/chat/use-follow-end';
import { Skeleton } from '@/components/ui/skeleton';
import { afterLoadWhenIdle } from '@/lib/after-load';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUnmountSignal } from '@/lib/use-unmount-signal';
import { cn } from '@/lib/utils';
import { AskBox } from './ask-box';
import { ChatFooter } from './chat-footer';
import { ComingUp } from './coming-up';
import { classByline, InactiveClassPage, SessionError, UnknownLink } from './chat-states';
import type { ThreadItem } from './chat-thread';
import {
  askErrorText,
  inactiveClassOf,
  isInactiveError,
  isUnknownLinkError,
  loadAnswerStream,
  sessionErrorTitle,
  studentChatApi,
} from './student-chat-api';
import { initialSuggestions, promoteSuggestion } from './suggestions';
import { keptThread, keepThread } from './thread-store';

// The conversation's code (bubbles, sources, ratings) and the answer stream's load with the first
// question, or once the class has shown and the browser is idle: the page shows none of it at first.
const loadThread = () => import('./chat-thread');
const ChatThread = lazy(async () => ({ default: (await loadThread()).ChatThread }));

// The contact form (and its validation) loads when a student may need it: once an answer offers
// Contact Teacher, never with the page.
const loadContactDialog = () => import('./contact-teacher-dialog');
const ContactTeacherDialog = lazy(async () => ({
  default: (await loadContactDialog()).ContactTeacherDialog,
}));

const chatSessionKey = (chatUuid: string) => ['student-chat', 'session', chatUuid] as const;

/**
 * /chat/{chat_uuid}: the public chat a class's share link opens (SPEC §2, §4). While the class
 * loads it is the chat's own shell (the page as the build renders it to HTML): the header's
 * outline and the question box, which takes typing at once.
 */
export function StudentChatPage() {
  const { chatUuid = '' } = useParams();
  const session = useQuery({
    queryKey: chatSessionKey(chatUuid),
    queryFn: () => studentChatApi.session(chatUuid),
    staleTime: Infinity,
  });
  const inactiveClass = session.isError ? inactiveClassOf(session.error) : null;
  useDocumentTitle(session.data?.class_name ?? inactiveClass?.class_name ?? 'Class chat');

  if (session.isError) {
    if (isInactiveError(session.error)) return <InactiveClassPage cls={inactiveClass} />;
    if (isUnknownLinkError(session.error)) return <UnknownLink />;
    return (
      <SessionError
        title={sessionErrorTitle(session.error)}
        detail={session.error.message || null}
        retrying={session.isFetching}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (session.data?.is_active === false) return <InactiveClassPage cls={session.data} />;
  return <ChatRoom chatUuid={chatUuid} session={session.data} />;
}

/** The top edge of the bar at the bottom of the chat (suggestions and the question box). */
const BAR_EDGE = 'border-t border-ink-200 bg-white shadow-[0_-4px_12px_-8px_rgb(15_23_42/0.15)]';

let itemSeq = 0;
const nextKey = () => `m${++itemSeq}`;

/** The chat of a class; its shell while `session` is loading. */
function ChatRoom({ chatUuid, session }: { chatUuid: string; session: ChatSession | undefined }) {
  const [items, setItems] = useState<ThreadItem[]>([]);
  const [waiting, setWaiting] = useState(false);
  /** the answer so far, while it is streamed */
  const [draft, setDraft] = useState<string | null>(null);
  const [inactive, setInactive] = useState(false);
  /** the suggestions once a question has been asked (until then, the session's) */
  const [promoted, setPromoted] = useState<string[] | null>(null);
  const suggestions = promoted ?? initialSuggestions(session?.sample_questions ?? []);
  const [contactFor, setContactFor] = useState<string | null>(null);
  const inFlight = useRef(false);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const unmountSignal = useUnmountSignal();

  const latestAnswerId = items.findLast((item) => item.kind === 'answer')?.reply.id ?? null;
  const contactOffered = latestAnswerId !== null;
  // mounted from the first request on, so closing it animates and returns focus
  const [contactOpened, setContactOpened] = useState(false);
  const openContact = (answerId: string) => {
    setContactOpened(true);
    setContactFor(answerId);
  };
  useEffect(() => {
    if (contactOffered) afterLoadWhenIdle(() => void loadContactDialog().catch(() => undefined));
  }, [contactOffered]);
  const loaded = session !== undefined;
  useEffect(() => {
    // once the class shows: fetched earlier, they would compete with what it needs to show
    if (loaded)
      afterLoadWhenIdle(() => {
        void loadThread().catch(() => undefined);
        void loadAnswerStream().catch(() => undefined);
      });
  }, [loaded]);

  // The thread of this class in this browser: shown again after a reload (after the first render,
  // which the server's HTML already painted without it), and kept as it grows.
  const restored = useRef(false);
  useEffect(() => {
    const earlier = keptThread(chatUuid, nextKey);
    if (earlier.length) setItems((now) => (now.length ? now : earlier));
    restored.current = true;
  }, [chatUuid]);
  useEffect(() => {
    if (restored.current) keepThread(chatUuid, items);
  }, [chatUuid, items]);

  // Keep the newest message (or the typing dots) in view.
  useEffect(() => {
    if (items.length === 0) return;
    endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [items.length, waiting]);
  // …and follow the answer as it is written, unless the student scrolled up.
  useFollowEnd(scrollerRef, endRef, draft);

  async function ask(question: string) {
    const text = question.trim();
    if (!text || !session || inFlight.current || inactive) return;
    inFlight.current = true;
    setPromoted(promoteSuggestion(suggestions, text));
    setItems((list) => [...list, { kind: 'question', key: nextKey(), text }]);
    setWaiting(true);
    setDraft(null);
    const signal = unmountSignal();
    try {
      // the draft grows as the answer is written; the reply (with its sources) replaces it
      const reply = await studentChatApi.askStreamed(chatUuid, text, {
        onDelta: (part) => setDraft((current) => (current ?? '') + part),
        signal,
      });
      setItems((list) => [...list, { kind: 'answer', key: nextKey(), reply }]);
    } catch (error) {
      if (signal.aborted) return;
      if (isInactiveError(error)) setInactive(true);
      setItems((list) => [...list, { kind: 'error', key: nextKey(), text: askErrorText(error) }]);
    } finally {
      inFlight.current = false;
      setWaiting(false);
      setDraft(null);
    }
  }

  /** what the bar at the bottom shows above the question box */
  const barTop = inactive || suggestions.length > 0;

  return (
    <div className="flex h-dvh flex-col bg-ink-50">
      <SkipLink />
      <div ref={scrollerRef} className="flex-1 overflow-y-auto">
        <div className="flex min-h-full flex-col">
          {/* While the class loads, only the header's outline: nothing below it that its real
              height could push down (a layout shift) */}
          {session ? (
            <>
              <ClassHeader session={session} />
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
                  <ComingUp items={session.coming_up} />
                  {items.length === 0 ? <Welcome name={session.class_name} /> : null}
                  {/* new entries are announced politely; a draft being written is busy */}
                  <div
                    role="log"
                    aria-label="Conversation"
                    aria-busy={waiting && Boolean(draft)}
                    className="space-y-5"
                  >
                    {items.length > 0 || waiting ? (
                      <Suspense fallback={null}>
                        <ChatThread
                          chatUuid={chatUuid}
                          items={items}
                          waiting={waiting}
                          draft={draft}
                          onContact={openContact}
                        />
                      </Suspense>
                    ) : null}
                  </div>
                  <div ref={endRef} />
                </div>
              </main>
              <ChatFooter session={session} />
            </>
          ) : (
            <ClassHeaderOutline />
          )}
        </div>
      </div>

      {/* Above the question box, in a box of its own: when the suggestions arrive they appear
          above it, and the question box, where the student may be typing, does not move. */}
      {barTop ? (
        <div className={BAR_EDGE}>
          <div className="mx-auto max-w-3xl px-4 pt-3 sm:px-6">
            {inactive ? (
              <p
                role="status"
                className="flex items-center gap-2 text-sm font-medium text-warning-800"
              >
                <Lock className="size-4 shrink-0" aria-hidden="true" />
                This class chat is no longer available.
              </p>
            ) : (
              <Suggestions
                questions={suggestions}
                disabled={waiting}
                onPick={(question) => void ask(question)}
              />
            )}
          </div>
        </div>
      ) : null}
      <div className={barTop ? 'bg-white' : BAR_EDGE}>
        <div
          className={cn(
            'mx-auto max-w-3xl px-4 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-6',
            barTop ? 'pt-2.5' : 'pt-3',
          )}
        >
          <AskBox
            blocked={waiting || !session}
            disabled={inactive}
            onAsk={(question) => void ask(question)}
            footer={
              latestAnswerId ? (
                <button
                  type="button"
                  onClick={() => openContact(latestAnswerId)}
                  className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                >
                  <Mail className="size-3.5" aria-hidden="true" />
                  Contact Teacher
                </button>
              ) : null
            }
          />
        </div>
      </div>

      {contactOpened ? (
        <Suspense fallback={null}>
          <ContactTeacherDialog
            chatUuid={chatUuid}
            conversationId={contactFor}
            onOpenChange={(open) => {
              if (!open) setContactFor(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function ClassHeader({ session }: { session: ChatSession }) {
  const byline = classByline(session);
  return (
    <header className="border-b border-ink-200 bg-white">
      <div className="mx-auto flex max-w-3xl items-start gap-3 px-4 py-4 sm:gap-4 sm:px-6 sm:py-5">
        <LogoMark className="mt-0.5 size-9 shrink-0 sm:size-10" />
        <div className="min-w-0">
          <h1 className="text-lg leading-snug font-semibold tracking-tight break-words text-ink-900 sm:text-xl">
            {session.class_name}
          </h1>
          {byline ? <p className="text-sm text-ink-600">{byline}</p> : null}
          {session.description ? (
            <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-ink-700">
              {session.description}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The header's shape while the class loads: the logo, and grey bars for its name and teacher. */
function ClassHeaderOutline() {
  return (
    <header className="border-b border-ink-200 bg-white">
      <p role="status" className="sr-only">
        Loading class chat
      </p>
      <div className="mx-auto flex max-w-3xl items-start gap-3 px-4 py-4 sm:gap-4 sm:px-6 sm:py-5">
        <LogoMark className="mt-0.5 size-9 shrink-0 sm:size-10" />
        {/* about the height of a class's name and teacher, so the header hardly changes size */}
        <div className="min-w-0 flex-1 space-y-1.5 py-0.5">
          <Skeleton className="h-5 w-2/3 sm:h-6" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
    </header>
  );
}

function Welcome({ name }: { name: string }) {
  return (
    <div className="mb-6 flex flex-col items-center px-2 py-6 text-center sm:py-10">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <MessageCircleQuestion className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-ink-900">Ask anything about {name}</h2>
      <p className="mt-1 max-w-sm text-sm leading-relaxed text-ink-600">
        Answers come from your teacher&apos;s course material, with the sources they were taken
        from.
      </p>
    </div>
  );
}

function Suggestions({
  questions,
  disabled,
  onPick,
}: {
  questions: string[];
  disabled: boolean;
  onPick(question: string): void;
}) {
  // On a phone the chips sit on one row that scrolls sideways, so they never take a quarter of
  // the screen; from 640 px they wrap onto more lines, and a long question onto more lines of
  // its chip. A chip reached by Tab scrolls into view.
  return (
    <div className="flex items-start gap-2">
      <Sparkles className="mt-2 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <ul
        aria-label="Suggested questions"
        className="flex min-w-0 flex-1 gap-2 overflow-x-auto pb-1 sm:flex-wrap sm:overflow-visible sm:pb-0"
      >
        {questions.map((question) => (
          <li key={question} className="shrink-0 sm:max-w-full sm:min-w-0 sm:shrink">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(question)}
              className="block rounded-2xl border border-brand-200 bg-brand-50 px-3 py-1.5 text-left text-xs font-medium whitespace-nowrap text-brand-800 transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 sm:max-w-full sm:break-words sm:whitespace-normal"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
