import { describe, expect, it } from 'vitest';
import { makeSyntheticPdf } from '../../../test/fixtures/synthetic-pdf.ts';
import { type ExtractionError, createExtractor, createPool } from './index.ts';

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    const e = err as ExtractionError;
    return { status: e.status, message: e.message };
  }
  throw new Error('expected a failure');
}

/** Shared memory a `block` task waits on until the main thread opens it. */
function gate() {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return {
    cell,
    open() {
      Atomics.store(cell, 0, 1);
      Atomics.notify(cell, 0);
    },
  };
}

/** Time limits on a clock the test moves: `expire(n)` ends the n-th task's time. */
function manualClock() {
  const started: AbortController[] = [];
  return {
    started,
    timeLimit: () => {
      const c = new AbortController();
      started.push(c);
      return c.signal;
    },
    expire: (n: number) => started[n]!.abort(),
  };
}

describe('worker pool', () => {
  it('reads a large PDF in a worker while the main thread stays free', async () => {
    const pool = createPool({ threads: 1 });
    const extractor = createExtractor();
    try {
      // the task can only end if the main thread runs while the worker waits: a pool that
      // worked on the main thread would never get here
      const g = gate();
      const blocked = pool.run({ type: 'block', gate: g.cell });
      setTimeout(g.open, 0);
      expect(await blocked).toMatchObject({ ok: true });

      const doc = await extractor.extract({ data: makeSyntheticPdf(120), fileName: 'big.pdf' });
      expect(doc.pages).toBe(120);
      expect(doc.text).toMatch(/^# Section 120: Practice Notes$/m);
      expect(doc.text).toContain('before the weekly quiz, page 120 line 40.');
      expect(doc.text).not.toMatch(/^\d+$/m); // bare page numbers dropped
    } finally {
      await pool.close();
      await extractor.close();
    }
  });

  it('stops a task at the time limit and recycles its worker', async () => {
    const clock = manualClock();
    const pool = createPool({ timeLimit: clock.timeLimit, threads: 1 });
    try {
      const g = gate(); // never opened: only the time limit ends this task
      const stuck = failure(pool.run({ type: 'block', gate: g.cell }));
      while (clock.started.length < 1) await new Promise((r) => setImmediate(r));
      clock.expire(0);
      expect(await stuck).toEqual({
        status: 422,
        message: 'This file took too long to read. Please try a smaller or simpler file.',
      });
      expect(await pool.run({ type: 'spin', ms: 1 })).toMatchObject({ ok: true });
    } finally {
      await pool.close();
    }
  });

  it('starts the time limit when a task gets a worker, not while it queues', async () => {
    const clock = manualClock();
    const pool = createPool({ timeLimit: clock.timeLimit, threads: 1 });
    try {
      const g = gate();
      const first = pool.run({ type: 'block', gate: g.cell });
      const second = pool.run({ type: 'spin', ms: 1 });
      while (clock.started.length < 1) await new Promise((r) => setImmediate(r));
      // however long the second waits behind the first, its clock has not started
      for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      expect(clock.started).toHaveLength(1);
      g.open();
      expect(await first).toMatchObject({ ok: true });
      expect(await second).toMatchObject({ ok: true });
      expect(clock.started).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it('reports a worker that runs out of memory', async () => {
    const pool = createPool({ maxMemoryMb: 64 });
    try {
      expect(await failure(pool.run({ type: 'alloc' }))).toEqual({
        status: 422,
        message: 'This file is too complex to read.',
      });
      expect(await pool.run({ type: 'spin', ms: 1 })).toMatchObject({ ok: true });
    } finally {
      await pool.close();
    }
  });
});
