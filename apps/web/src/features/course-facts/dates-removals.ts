import { useSyncExternalStore } from 'react';

/**
 * Dated items the teacher removed that are not deleted yet: each row offers Undo for a while, then
 * is deleted (at once when the Dates are left). Kept outside React, so a removal goes on when
 * Review Course closes, and a row removed stays out when it opens again.
 */
interface Pending {
  classId: string;
  timer: number;
  commit(): Promise<void>;
  /** the DELETE is on its way: too late to undo */
  deleting: boolean;
}

/** A removed item: waiting (Undo is offered) or being deleted. */
export type Removal = 'waiting' | 'deleting';

const pending = new Map<string, Pending>();
let snapshot: ReadonlyMap<string, Removal> = new Map();
const listeners = new Set<() => void>();

function publish() {
  snapshot = new Map(
    [...pending].map(([id, entry]) => [id, entry.deleting ? 'deleting' : 'waiting'] as const),
  );
  for (const listener of listeners) listener();
}

/** `commit` deletes the item; it runs once, after `delayMs` or when flushed. */
export function scheduleRemoval(
  classId: string,
  itemId: string,
  delayMs: number,
  commit: () => Promise<void>,
) {
  cancelRemoval(itemId);
  const entry: Pending = {
    classId,
    commit,
    deleting: false,
    timer: window.setTimeout(() => void run(itemId, entry), delayMs),
  };
  pending.set(itemId, entry);
  publish();
}

async function run(itemId: string, entry: Pending) {
  if (pending.get(itemId) !== entry || entry.deleting) return;
  window.clearTimeout(entry.timer);
  entry.deleting = true;
  publish();
  try {
    await entry.commit();
  } finally {
    // the row leaves once the list no longer has it (or comes back if deleting failed)
    if (pending.get(itemId) === entry) {
      pending.delete(itemId);
      publish();
    }
  }
}

/** Undo: the item stays (unless it is already being deleted). */
export function cancelRemoval(itemId: string) {
  const entry = pending.get(itemId);
  if (!entry || entry.deleting) return;
  window.clearTimeout(entry.timer);
  pending.delete(itemId);
  publish();
}

/** Deletes now what a class's Dates removed (they are being left). */
export function flushRemovals(classId: string) {
  for (const [itemId, entry] of pending) {
    if (entry.classId === classId) void run(itemId, entry);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dated items removed and not yet deleted, by id. */
export function useRemoving(): ReadonlyMap<string, Removal> {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}
