import { useCallback, useRef, useState } from 'react';
import type { TrialChatReply } from '@app/contracts';
import { useUnmountSignal } from '@/lib/use-unmount-signal';
import { askTrialQuestionStreamed } from './api/trial-api';
import { CHAT_FAILURE_TEXT, chatFailure, isWithoutDocument, recentTurns } from './trial-rules';

export type TrialThreadItem =
  | { kind: 'question'; key: string; text: string }
  | { kind: 'answer'; key: string; question: string; reply: TrialChatReply }
  /** a system line: the question failed */
  | { kind: 'error'; key: string; text: string };

/** After a "session"/"document" failure the visitor uploads again: on a new session, or the same. */
export type Recovery = 'new-session' | 'same-session';

type AskOutcome =
  | { kind: 'answered'; questionsLeft: number }
  | { kind: 'limit' }
  | { kind: 'failed' }
  | { kind: 'ignored' };

// trialChatInputSchema caps each history turn; a longer answer is cut rather than refused.
const HISTORY_QUESTION_MAX = 2000;
const HISTORY_RESPONSE_MAX = 5000;

let itemSeq = 0;
const nextKey = () => `t${++itemSeq}`;

/**
 * The trial conversation: one question in flight at a time, the last six turns sent along. The
 * answer is streamed: `draft` is what is written of it so far, until the reply replaces it.
 */
export function useTrialChat() {
  const [items, setItems] = useState<TrialThreadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const unmountSignal = useUnmountSignal();
  const [recovery, setRecovery] = useState<Recovery | null>(null);
  const inFlight = useRef(false);

  const ask = async (sessionId: string, question: string): Promise<AskOutcome> => {
    const text = question.trim();
    if (!text || inFlight.current) return { kind: 'ignored' };
    inFlight.current = true;
    const history = recentTurns(
      items.flatMap((item) =>
        item.kind === 'answer'
          ? [
              {
                question: item.question.slice(0, HISTORY_QUESTION_MAX),
                response: item.reply.response.slice(0, HISTORY_RESPONSE_MAX),
              },
            ]
          : [],
      ),
    );
    setItems((list) => [...list, { kind: 'question', key: nextKey(), text }]);
    setBusy(true);
    setDraft(null);
    const signal = unmountSignal();
    try {
      const reply = await askTrialQuestionStreamed(
        { session_id: sessionId, question: text, conversation_history: history },
        { onDelta: (part) => setDraft((current) => (current ?? '') + part), signal },
      );
      setItems((list) => [...list, { kind: 'answer', key: nextKey(), question: text, reply }]);
      return { kind: 'answered', questionsLeft: reply.questions_left };
    } catch (error) {
      if (signal.aborted) return { kind: 'ignored' };
      const failure = chatFailure(error);
      setItems((list) => [
        ...list,
        { kind: 'error', key: nextKey(), text: CHAT_FAILURE_TEXT[failure] },
      ]);
      if (failure === 'expired') {
        // 409: the session lives but has no document; otherwise the session is gone.
        const sameSession = isWithoutDocument(error);
        setRecovery(sameSession ? 'same-session' : 'new-session');
      }
      return failure === 'limit' ? { kind: 'limit' } : { kind: 'failed' };
    } finally {
      inFlight.current = false;
      setBusy(false);
      setDraft(null);
    }
  };

  const reset = useCallback(() => {
    setItems([]);
    setRecovery(null);
  }, []);

  return { items, busy, draft, recovery, ask, reset };
}
