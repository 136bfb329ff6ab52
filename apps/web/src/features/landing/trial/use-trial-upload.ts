import { useCallback, useState } from 'react';
import { TRIAL_MESSAGES, type TrialDocument } from '@app/contracts';
import { uploadTrialDocument } from './api/trial-api';
import { isSessionGone, trialFileProblem, uploadErrorText } from './trial-rules';

export type UploadState =
  | { status: 'idle' }
  /** percent 100 means the file is sent and the server is reading it */
  | { status: 'uploading'; fileName: string; percent: number }
  | { status: 'error'; message: string };

type UploadOutcome =
  { kind: 'uploaded'; document: TrialDocument } | { kind: 'session-gone' } | { kind: 'failed' };

/** One document upload at a time: browser-side checks, progress, then the server's verdict. */
export function useTrialUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const send = useCallback(async (file: File, sessionId: string): Promise<UploadOutcome> => {
    const problem = trialFileProblem(file);
    if (problem) {
      setState({ status: 'error', message: problem });
      return { kind: 'failed' };
    }
    setState({ status: 'uploading', fileName: file.name, percent: 0 });
    try {
      const document = await uploadTrialDocument(sessionId, file, (percent) =>
        setState({ status: 'uploading', fileName: file.name, percent }),
      );
      setState({ status: 'idle' });
      return { kind: 'uploaded', document };
    } catch (error) {
      if (isSessionGone(error)) {
        setState({ status: 'error', message: TRIAL_MESSAGES.sessionExpired });
        return { kind: 'session-gone' };
      }
      setState({ status: 'error', message: uploadErrorText(error) });
      return { kind: 'failed' };
    }
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, send, reset };
}
