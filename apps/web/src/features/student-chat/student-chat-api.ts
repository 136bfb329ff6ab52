import {
  CHAT_MESSAGES,
  type ApiSuccess,
  type ChatReply,
  type ChatSession,
  type ContactInput,
  type InactiveClass,
} from '@app/contracts';
import { api, hasErrorCode, type ApiClient, type ApiError } from '@/lib/api-client';

/** The streaming reader, loaded with the first question or when the page is idle, not with it. */
export const loadAnswerStream = () => import('@/lib/answer-stream');

type ContactReceipt = { id: string; created_at: string };

/** The public chat calls of a share link (SPEC §7 Chat). Students are anonymous. */
function createStudentChatApi(client: ApiClient) {
  const data = async <T>(promise: Promise<ApiSuccess<T>>) => (await promise).data;
  const path = (verb: string, chatUuid: string) => `/chat/${verb}/${encodeURIComponent(chatUuid)}`;
  const ask = (chatUuid: string, question: string) =>
    data(
      client.post<ApiSuccess<ChatReply>>(path('ask', chatUuid), {
        question,
        student_identifier: null,
      }),
    );
  return {
    session: (chatUuid: string) =>
      data(client.get<ApiSuccess<ChatSession>>(path('session', chatUuid))),
    ask,
    /**
     * The same question, answered as it is written (POST …/ask/{chat_uuid}/stream): `onDelta`
     * gets each part of the draft; the reply is the one `ask` gives. When the stream brings
     * nothing at all (no connection), `ask` is tried once.
     */
    askStreamed: async (
      chatUuid: string,
      question: string,
      handlers: { onDelta(text: string): void; signal?: AbortSignal },
    ) => {
      const { streamAnswerWithFallback } = await loadAnswerStream();
      return streamAnswerWithFallback<ChatReply>(`${path('ask', chatUuid)}/stream`, {
        body: { question, student_identifier: null },
        ...handlers,
        fallback: () => ask(chatUuid, question),
      });
    },
    contact: (chatUuid: string, input: ContactInput) =>
      data(client.post<ApiSuccess<ContactReceipt>>(path('contact', chatUuid), input)),
  };
}

export const studentChatApi = createStudentChatApi(api);

/** SPEC §4: the class is off when the server says CLASS_INACTIVE (its 403), by code, not by text. */
export function isInactiveError(error: unknown): error is ApiError {
  return hasErrorCode(error, 'CLASS_INACTIVE');
}

/**
 * The class a CLASS_INACTIVE reply names (its `class`: name, school, teacher's last name), so
 * the page saying it is unavailable can name it; null when the reply names none.
 */
export function inactiveClassOf(error: unknown): InactiveClass | null {
  if (!isInactiveError(error)) return null;
  const named = (error.body as { class?: Partial<InactiveClass> } | null | undefined)?.class;
  if (typeof named?.class_name !== 'string' || !named.class_name.trim()) return null;
  return {
    class_name: named.class_name,
    school_name: typeof named.school_name === 'string' ? named.school_name : null,
    professor: {
      last_name: typeof named.professor?.last_name === 'string' ? named.professor.last_name : '',
    },
  };
}

/**
 * The share link names no class: 404 for a well-formed one nobody has, 422 for one that is not
 * a chat id at all. Trying again cannot help, unlike the SPEC §8 load failures.
 */
export function isUnknownLinkError(error: unknown): boolean {
  return hasErrorCode(error, 'NOT_FOUND', 'VALIDATION_ERROR');
}

/** SPEC §8: no response at all is a connection failure; anything else failed to load. */
export function sessionErrorTitle(error: unknown): string {
  return hasErrorCode(error, 'NO_RESPONSE')
    ? CHAT_MESSAGES.connectFailed
    : CHAT_MESSAGES.loadFailed;
}

/** SPEC §8: what the thread says when a question fails. */
export function askErrorText(error: unknown): string {
  if (isInactiveError(error)) return CHAT_MESSAGES.classInactive;
  return error instanceof Error && error.message ? error.message : CHAT_MESSAGES.askFailed;
}
