import type { ChatReply } from '@app/contracts';
import type { ThreadItem } from './chat-thread';

/**
 * A student's thread with a class, kept in this browser (issue 31): a reload, or coming back
 * tomorrow, shows the questions and answers (sources included) as they were. Nothing goes to the
 * server; each class's thread is its own. A failed ask is not kept.
 */

/** Enough for a study session; older turns drop off the front. */
const KEPT_ITEMS = 60;
const VERSION = 1;
const keyOf = (chatUuid: string) => `chat_thread:${chatUuid}`;

type Stored = {
  v: number;
  items: ({ kind: 'question'; text: string } | { kind: 'answer'; reply: ChatReply })[];
};

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode, a sandboxed frame): the thread is not kept
  }
}

export function keptThread(chatUuid: string, nextKey: () => string): ThreadItem[] {
  try {
    const raw = backend()?.getItem(keyOf(chatUuid));
    if (!raw) return [];
    const stored = JSON.parse(raw) as Stored;
    if (stored.v !== VERSION || !Array.isArray(stored.items)) return [];
    return stored.items.flatMap((item): ThreadItem[] =>
      item.kind === 'question' && typeof item.text === 'string'
        ? [{ kind: 'question', key: nextKey(), text: item.text }]
        : item.kind === 'answer' && typeof item.reply?.response === 'string'
          ? [{ kind: 'answer', key: nextKey(), reply: item.reply }]
          : [],
    );
  } catch {
    return [];
  }
}

export function keepThread(chatUuid: string, items: readonly ThreadItem[]): void {
  const kept = items
    .flatMap((item): Stored['items'] =>
      item.kind === 'question'
        ? [{ kind: 'question', text: item.text }]
        : item.kind === 'answer'
          ? [{ kind: 'answer', reply: item.reply }]
          : [],
    )
    .slice(-KEPT_ITEMS);
  try {
    if (kept.length === 0) backend()?.removeItem(keyOf(chatUuid));
    else backend()?.setItem(keyOf(chatUuid), JSON.stringify({ v: VERSION, items: kept }));
  } catch {
    // over quota: the thread is simply not kept
  }
}
