import type {
  ApiSuccess,
  TrialChatInput,
  TrialChatReply,
  TrialDocument,
  TrialSession,
} from '@app/contracts';
import { api } from '@/lib/api-client';

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
