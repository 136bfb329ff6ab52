import type {
  ApiSuccess,
  TrialChatInput,
  TrialChatReply,
  TrialDocument,
  TrialSession,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { streamAnswerWithFallback } from '@/lib/answer-stream';

/** The no-signup trial calls (SPEC §7 Trial). No account: the session id is the only key. */
const sessionPath = (sessionId: string) => `/trial/session/${encodeURIComponent(sessionId)}`;

export async function startTrialSession(): Promise<TrialSession> {
  return (await api.post<ApiSuccess<TrialSession>>('/trial/session')).data;
}

/** 404 when the session is missing or expired. */
export async function getTrialSession(sessionId: string): Promise<TrialSession> {
  return (await api.get<ApiSuccess<TrialSession>>(sessionPath(sessionId))).data;
}

/** Multipart upload with progress; a second upload replaces the session's document. */
export async function uploadTrialDocument(
  sessionId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<TrialDocument> {
  const form = new FormData();
  form.append('session_id', sessionId);
  form.append('file', file);
  return (await api.upload<ApiSuccess<TrialDocument>>('/trial/upload', form, { onProgress })).data;
}

export async function askTrialQuestion(input: TrialChatInput): Promise<TrialChatReply> {
  return (await api.post<ApiSuccess<TrialChatReply>>('/trial/chat', input)).data;
}

/**
 * The same question answered as it is written (POST /trial/chat/stream): `onDelta` gets each
 * part of the draft; the reply, with the questions left, is the one `askTrialQuestion` gives.
 * When the stream brings nothing at all (no connection), `askTrialQuestion` is tried once.
 */
export function askTrialQuestionStreamed(
  input: TrialChatInput,
  handlers: { onDelta(text: string): void; signal?: AbortSignal },
): Promise<TrialChatReply> {
  return streamAnswerWithFallback<TrialChatReply>('/trial/chat/stream', {
    body: input,
    ...handlers,
    fallback: () => askTrialQuestion(input),
  });
}
