import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Counts route handlers still running. `app.close()` waits for open connections, but a client
 * that hangs up mid-request closes its connection while its handler goes on, and closing the
 * database under that handler fails it ("driver has already been destroyed"). Shutdown waits
 * for these too before it closes the pool.
 */
export class HandlerTracker {
  private running = 0;
  private waiters: (() => void)[] = [];

  get active(): number {
    return this.running;
  }

  start() {
    this.running += 1;
  }

  end() {
    this.running -= 1;
    if (this.running === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** True once no handler runs; false if some still run after `timeoutMs`. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }
}

/** Wraps every route registered after this call so the tracker sees it start and settle. */
export function trackHandlers(app: FastifyInstance, tracker: HandlerTracker) {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function tracked(this: FastifyInstance, request, reply) {
      tracker.start();
      try {
        return await handler.call(this, request, reply);
      } finally {
        tracker.end();
      }
    } as RouteHandlerMethod;
  });
}
