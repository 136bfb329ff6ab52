import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { makeContent } from '@/test/class-fixtures';
import { ContentReadError, isAbort, pollDelay, waitUntilRead } from './content-status';

afterEach(() => vi.useRealTimers());

/** A getContent answering each poll with the next reply (an item, or an error to throw). */
function polls(...replies: (ContentItem | Error)[]) {
  const fn = vi.fn(async (_id: string) => {
    const next = replies[Math.min(fn.mock.calls.length - 1, replies.length - 1)]!;
    if (next instanceof Error) throw next;
    return { content: next };
  });
  return fn;
}

describe('waitUntilRead', () => {
  it('backs off from about 1 s to 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(pollDelay)).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000, 5000,
    ]);
  });

  it('returns a ready item at once, without polling', async () => {
    const get = polls();
    const item = makeContent({ status: 'ready' });
    await expect(waitUntilRead(item, new AbortController().signal, get)).resolves.toBe(item);
    expect(get).not.toHaveBeenCalled();
  });

  it('polls a processing item until ready, through a lost response', async () => {
    vi.useFakeTimers();
    const item = makeContent({ status: 'processing' });
    const get = polls({ ...item }, new ApiError('Network error', { status: 0 }), {
      ...item,
      status: 'ready',
      word_count: 900,
    });
    const done = waitUntilRead(item, new AbortController().signal, get);
    await vi.advanceTimersByTimeAsync(999);
    expect(get).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1500 + 2250);
    await expect(done).resolves.toMatchObject({ status: 'ready', word_count: 900 });
    expect(get).toHaveBeenCalledTimes(3);
    expect(get).toHaveBeenCalledWith(item.id);
  });

  it('tries a RATE_LIMITED poll again, as it does a lost one (by code, not status)', async () => {
    vi.useFakeTimers();
    const item = makeContent({ status: 'processing' });
    const limited = new ApiError('Slow down', { status: 429, code: 'RATE_LIMITED' });
    const get = polls(limited, { ...item, status: 'ready' });
    const done = waitUntilRead(item, new AbortController().signal, get);
    await vi.advanceTimersByTimeAsync(1000 + 1500);
    await expect(done).resolves.toMatchObject({ status: 'ready' });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('rejects with the reason when reading failed; a 404 is not retried', async () => {
    vi.useFakeTimers();
    const item = makeContent({ status: 'processing' });
    const reason = 'This file appears to be damaged and could not be read.';
    const failed = waitUntilRead(
      item,
      new AbortController().signal,
      polls({ ...item, status: 'failed', status_reason: reason }),
    ).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await failed;
    expect(error).toBeInstanceOf(ContentReadError);
    expect((error as ContentReadError).message).toBe(reason);

    const gone = waitUntilRead(
      item,
      new AbortController().signal,
      polls(new ApiError('Not found', { status: 404, code: 'NOT_FOUND' })),
    );
    const checkGone = expect(gone).rejects.toMatchObject({ status: 404 });
    await vi.advanceTimersByTimeAsync(1000);
    await checkGone;
  });

  it('stops polling when its signal aborts', async () => {
    vi.useFakeTimers();
    const item = makeContent({ status: 'processing' });
    const get = polls({ ...item });
    const controller = new AbortController();
    const waiting = waitUntilRead(item, controller.signal, get);
    const settled = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000 + 1500);
    expect(get).toHaveBeenCalledTimes(2);
    controller.abort();
    expect(isAbort(await settled)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
