import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HandlerTracker, trackHandlers } from './in-flight.ts';

describe('HandlerTracker', () => {
  it('is idle at once with nothing running', async () => {
    expect(await new HandlerTracker().idle(10)).toBe(true);
  });

  it('waits for a running handler to settle, also when it fails, and times out otherwise', async () => {
    const tracker = new HandlerTracker();
    const app = Fastify();
    trackHandlers(app, tracker);
    let finish!: (ok: boolean) => void;
    app.get('/slow', async () => {
      const ok = await new Promise<boolean>((resolve) => (finish = resolve));
      if (!ok) throw new Error('boom');
      return { done: true };
    });
    await app.ready();

    const first = app.inject({ method: 'GET', url: '/slow' });
    await expect.poll(() => tracker.active).toBe(1);
    expect(await tracker.idle(50)).toBe(false);
    const idle = tracker.idle(5000);
    finish(true);
    expect(await idle).toBe(true);
    expect((await first).statusCode).toBe(200);

    const failing = app.inject({ method: 'GET', url: '/slow' });
    await expect.poll(() => tracker.active).toBe(1);
    const idleAgain = tracker.idle(5000);
    finish(false);
    expect(await idleAgain).toBe(true);
    expect((await failing).statusCode).toBe(500);
    expect(tracker.active).toBe(0);
    await app.close();
  });
});
