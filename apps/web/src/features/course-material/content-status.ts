import type { ContentItem } from '@app/contracts';
import { hasErrorCode, isRefusal } from '@/lib/api-client';
import { getContent as fetchContent } from './api/get-content';

/**
 * An uploaded file is stored first and read (text extraction and indexing) in the background:
 * its item is `processing` until then, `ready` after, or `failed` with a reason for the teacher.
 */
export const CONTENT_STATUS_TEXT = {
  processing: 'Processing…',
  failed: 'Could not be read',
  /** when the server gives no reason for a failed read */
  failedFallback: 'This file could not be read.',
} as const;

/** Polling a `processing` item: about every second at first, backing off to every 5 s. */
export const POLL_FIRST_MS = 1_000;
export const POLL_MAX_MS = 5_000;
const POLL_FACTOR = 1.5;

/** The wait before poll number `attempt` (0-based): 1 s, 1.5 s, 2.25 s, 3.4 s, then 5 s. */
export function pollDelay(attempt: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_FIRST_MS * POLL_FACTOR ** attempt));
}

/** Reading the file failed on the server; `message` is the teacher-facing reason. */
export class ContentReadError extends Error {
  readonly item: ContentItem;
  constructor(item: ContentItem) {
    super(item.status_reason || CONTENT_STATUS_TEXT.failedFallback);
    this.name = 'ContentReadError';
    this.item = item;
  }
}

/** True for the rejection `waitUntilRead` gives when its signal was aborted. */
export const isAbort = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const onAbort = () => {
      window.clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = window.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A failed poll worth trying again: no response, a server error or a pace limit. */
const transient = (error: unknown) => hasErrorCode(error, 'RATE_LIMITED') || !isRefusal(error);

/**
 * Resolves with the item once it is `ready`, polling GET /content/{id} while it is `processing`.
 * Rejects with ContentReadError when reading failed, with an AbortError when `signal` aborts
 * (the modal closed), or with the ApiError of a poll that will not get better (e.g. 404: the
 * item was deleted meanwhile). Polls that fail for lack of a response are tried again.
 */
export async function waitUntilRead(
  item: ContentItem,
  signal: AbortSignal,
  getContent: (id: string) => Promise<{ content: ContentItem }> = fetchContent,
): Promise<ContentItem> {
  let current = item;
  for (let attempt = 0; ; attempt += 1) {
    if (current.status === 'failed') throw new ContentReadError(current);
    if (current.status !== 'processing') return current; // ready
    await sleep(pollDelay(attempt), signal);
    try {
      current = (await getContent(item.id)).content;
    } catch (error) {
      if (!transient(error)) throw error;
    }
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
  }
}

export const isProcessing = (item: Pick<ContentItem, 'status'>) => item.status === 'processing';
