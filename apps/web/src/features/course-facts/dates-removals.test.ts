import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelRemoval, flushRemovals, scheduleRemoval } from './dates-removals';

describe('dated items being removed', () => {
  afterEach(() => vi.useRealTimers());

  it('are deleted once the time for Undo is over, once', async () => {
    vi.useFakeTimers();
    const commit = vi.fn(async () => undefined);
    scheduleRemoval('class-1', 'item-1', 10_000, commit);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(commit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(commit).toHaveBeenCalledTimes(1);
    flushRemovals('class-1');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('are never deleted after Undo', async () => {
    vi.useFakeTimers();
    const commit = vi.fn(async () => undefined);
    scheduleRemoval('class-1', 'item-2', 10_000, commit);
    cancelRemoval('item-2');
    flushRemovals('class-1');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(commit).not.toHaveBeenCalled();
  });

  it('are deleted at once when their class’s Dates are left, others wait', async () => {
    vi.useFakeTimers();
    const mine = vi.fn(async () => undefined);
    const other = vi.fn(async () => undefined);
    scheduleRemoval('class-1', 'item-3', 10_000, mine);
    scheduleRemoval('class-2', 'item-4', 10_000, other);
    flushRemovals('class-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(mine).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    cancelRemoval('item-4');
  });
});
