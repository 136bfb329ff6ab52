import { useCallback, useRef, useState } from 'react';
import type { TrialData, TrialSession } from '@app/contracts';
import { hasErrorCode } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { getTrialSession, startTrialSession } from './api/trial-api';
import { isSessionGone, isTrialExpired } from './trial-rules';

type TrialSessionState =
  | { status: 'starting' }
  /** `detail` is the server's reason when it is worth showing (too many sessions today). */
  | { status: 'failed'; detail: string | null }
  | { status: 'ready'; trial: TrialData };

const toTrialData = (session: TrialSession): TrialData => ({
  session_id: session.session_id,
  expires_at: session.expires_at,
  questions_left: session.questions_left,
  document: session.document,
});

/**
 * The visitor's trial session, kept in trial_data (SPEC §3) so closing the dialog or reloading
 * the page resumes it. Every change is saved at once.
 */
export function useTrialSession() {
  const [state, setState] = useState<TrialSessionState>({ status: 'starting' });
  const current = useRef<TrialData | null>(null);
  const loading = useRef<Promise<TrialData | null> | null>(null);

  const keep = useCallback((trial: TrialData) => {
    current.current = trial;
    authStore.saveTrialData(trial);
    setState({ status: 'ready', trial });
  }, []);

  const startFresh = useCallback(async (): Promise<TrialData | null> => {
    authStore.clearTrialData();
    current.current = null;
    setState({ status: 'starting' });
    try {
      const trial = toTrialData(await startTrialSession());
      keep(trial);
      return trial;
    } catch (error) {
      const detail = hasErrorCode(error, 'RATE_LIMITED') ? error.message : null;
      setState({ status: 'failed', detail });
      return null;
    }
  }, [keep]);

  const resume = useCallback(
    async (saved: TrialData): Promise<TrialData | null> => {
      // The saved trial stays on screen while the server confirms it.
      if (current.current?.session_id !== saved.session_id) setState({ status: 'starting' });
      try {
        const trial = toTrialData(await getTrialSession(saved.session_id));
        keep(trial);
        return trial;
      } catch (error) {
        if (isSessionGone(error)) return startFresh();
        // The server could not be asked; carry on with what was saved.
        keep(saved);
        return saved;
      }
    },
    [keep, startFresh],
  );

  /** Resumes the saved trial when it is still alive, otherwise starts a new one. One at a time. */
  const load = useCallback((): Promise<TrialData | null> => {
    loading.current ??= (async () => {
      const saved = authStore.readTrialData();
      if (saved && !isTrialExpired(saved)) return resume(saved);
      return startFresh();
    })().finally(() => {
      loading.current = null;
    });
    return loading.current;
  }, [resume, startFresh]);

  const update = useCallback(
    (change: (trial: TrialData) => TrialData) => {
      if (current.current) keep(change(current.current));
    },
    [keep],
  );

  return { state, load, startFresh, update };
}
