import { STORAGE_KEYS } from '@app/contracts';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** All six browser storage keys of SPEC §3. */
export const ALL_STORAGE_KEYS: readonly StorageKey[] = Object.values(STORAGE_KEYS);

/** The class wizard's autosaved draft (SPEC §2): one teacher's, cleared when they sign out. */
export const CLASS_DRAFT_KEY = 'class_draft';

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Access can throw when storage is disabled (privacy mode, sandboxed frames).
    return null;
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return backend()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      backend()?.setItem(key, value);
    } catch {
      // Quota or disabled storage: the session simply will not persist.
    }
  },
  remove(...keys: (StorageKey | typeof CLASS_DRAFT_KEY)[]): void {
    const store = backend();
    for (const key of keys) {
      try {
        store?.removeItem(key);
      } catch {
        // ignore
      }
    }
  },
};
