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

describe('worker pool', () => {
  it('keeps the event loop responsive while a large PDF is parsed in a worker', async () => {
    const pdf = makeSyntheticPdf(120);
    const extractor = createExtractor();
    try {
      let ticks = 0;
      let maxGap = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        ticks++;
      }, 10);
      const started = performance.now();
      const doc = await extractor.extract({ data: pdf, fileName: 'big.pdf' });
      const elapsed = performance.now() - started;
      clearInterval(timer);
      expect(doc.pages).toBe(120);
      expect(doc.text).toMatch(/^# Section 120: Practice Notes$/m);
      expect(doc.text).toContain('before the weekly quiz, page 120 line 40.');
      expect(doc.text).not.toMatch(/^\d+$/m); // bare page numbers dropped
      expect(elapsed).toBeGreaterThan(300);
      expect(ticks).toBeGreaterThan(elapsed / 40);
      expect(maxGap).toBeLessThan(250);
    } finally {
      await extractor.close();
    }
  });

  it('stops a task at the time limit and recycles its worker', async () => {
    const pool = createPool({ timeoutMs: 1500 });
    try {
      expect(await pool.run({ type: 'spin', ms: 1 })).toMatchObject({ ok: true }); // warm up
      const started = Date.now();
      expect(await failure(pool.run({ type: 'spin', ms: 20_000 }))).toEqual({
        status: 422,
        message: 'This file took too long to read. Please try a smaller or simpler file.',
      });
      expect(Date.now() - started).toBeLessThan(4000);
      expect(await pool.run({ type: 'spin', ms: 1 })).toMatchObject({ ok: true });
    } finally {
      await pool.close();
    }
  });

  it('starts the time limit when a task gets a worker, not while it queues', async () => {
    const pool = createPool({ timeoutMs: 1500, threads: 1 });
    try {
      await pool.run({ type: 'spin', ms: 1 }); // warm up
      // each takes 1 s of a 1.5 s limit; queued behind each other they would fail if waiting counted
      const results = await Promise.all([1, 2, 3].map(() => pool.run({ type: 'spin', ms: 1000 })));
      expect(results).toEqual([1, 2, 3].map(() => expect.objectContaining({ ok: true })));
    } finally {
      await pool.close();
    }
  }, 20_000);

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
