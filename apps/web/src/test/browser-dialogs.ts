import { vi } from 'vitest';

/** Stubs window.confirm / alert / prompt, returning the mock. */
export function stubDialog(name: 'confirm' | 'alert' | 'prompt', value?: unknown) {
  const fn = vi.fn((..._args: unknown[]) => value);
  vi.stubGlobal(name, fn);
  return fn;
}
