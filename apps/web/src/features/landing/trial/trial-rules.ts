import {
  TRIAL_FILE_EXTENSIONS,
  TRIAL_FILE_MAX_BYTES,
  TRIAL_HISTORY_TURNS,
  TRIAL_MESSAGES,
  type TrialData,
} from '@app/contracts';
import { hasErrorCode } from '@/lib/api-client';

export const TRIAL_ACCEPT = TRIAL_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** SPEC §5 Trial upload, checked in the browser before anything is sent. Null when fine. */
export function trialFileProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const hasExtension = file.name.includes('.');
  if (!hasExtension || !(TRIAL_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return TRIAL_MESSAGES.fileType;
  }
  if (file.size > TRIAL_FILE_MAX_BYTES) return TRIAL_MESSAGES.fileTooLarge;
  return null;
}

/** The server explains a too large, unsupported or unreadable file; anything else is 'Upload failed.' */
export function uploadErrorText(error: unknown): string {
  if (
    hasErrorCode(error, 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR') &&
    error.message
  ) {
    return error.message;
  }
  return TRIAL_MESSAGES.uploadFailed;
}

/** The trial session is not on the server any more (expired, or never there). */
export const isSessionGone = (error: unknown) => hasErrorCode(error, 'NOT_FOUND');

/** The session lives but has no document to ask about (the server's `serverNoDocument`). */
export const isWithoutDocument = (error: unknown) => hasErrorCode(error, 'CONFLICT');

type ChatFailure = 'limit' | 'expired' | 'other';

/**
 * SPEC §8 Trial chat, decided on the error's code (the server's texts say "limit", "session" or
 * "document" for these): the question limit first, then a session gone or without its document,
 * else a plain failure.
 */
export function chatFailure(error: unknown): ChatFailure {
  if (hasErrorCode(error, 'RATE_LIMITED')) return 'limit';
  if (isSessionGone(error) || isWithoutDocument(error)) return 'expired';
  return 'other';
}

export const CHAT_FAILURE_TEXT: Record<ChatFailure, string> = {
  limit: TRIAL_MESSAGES.limitReached,
  expired: TRIAL_MESSAGES.sessionExpired,
  other: TRIAL_MESSAGES.chatFailed,
};

/** A saved trial past its expiry (or with an unreadable date) is not worth asking the server about. */
export function isTrialExpired(trial: TrialData, now = Date.now()): boolean {
  const expiresAt = new Date(trial.expires_at).getTime();
  return Number.isNaN(expiresAt) || expiresAt <= now;
}

/** SPEC §9: only the last six question/answer turns go with a question. */
export function recentTurns<T>(turns: readonly T[]): T[] {
  return turns.slice(-TRIAL_HISTORY_TURNS);
}

export const formatWordCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`;

export const questionsLeftText = (count: number) =>
  `${count} ${count === 1 ? 'question' : 'questions'} left`;
