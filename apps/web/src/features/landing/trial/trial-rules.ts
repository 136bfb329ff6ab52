import {
  TRIAL_FILE_EXTENSIONS,
  TRIAL_FILE_MAX_BYTES,
  TRIAL_HISTORY_TURNS,
  TRIAL_MESSAGES,
  type TrialData,
} from '@app/contracts';
import { ApiError } from '@/lib/api-client';

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

const UPLOAD_STATUSES_WITH_OWN_TEXT = new Set([413, 415, 422]);

/** The server explains a too large, unsupported or unreadable file; anything else is 'Upload failed.' */
export function uploadErrorText(error: unknown): string {
  if (
    error instanceof ApiError &&
    UPLOAD_STATUSES_WITH_OWN_TEXT.has(error.status) &&
    error.message
  ) {
    return error.message;
  }
  return TRIAL_MESSAGES.uploadFailed;
}

export const isSessionGone = (error: unknown) => error instanceof ApiError && error.status === 404;

type ChatFailure = 'limit' | 'expired' | 'other';

/** SPEC §8 Trial chat: 429 or "limit" first, then "session" or "document", else a plain failure. */
export function chatFailure(error: unknown): ChatFailure {
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 429 || message.includes('429') || message.includes('limit')) return 'limit';
  if (message.includes('session') || message.includes('document')) return 'expired';
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

/** "840 B"-free sizes: "0.8 KB", "12.5 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.max(0.1, kb).toFixed(1)} KB`;
  return `${(kb / 1024).toFixed(1)} MB`;
}

export const formatWordCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`;

export const questionsLeftText = (count: number) =>
  `${count} ${count === 1 ? 'question' : 'questions'} left`;
