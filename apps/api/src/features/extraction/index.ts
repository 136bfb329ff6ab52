import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ALL_KINDS, MIME_TYPES, detectKind } from './detect.ts';
import { type DocumentKind, ExtractionError, MESSAGES, invalid, tooLarge } from './errors.ts';
import type { Task, TaskResult } from './task.ts';
import { countWords } from './text.ts';

export type { DocumentKind } from './errors.ts';
export { ExtractionError } from './errors.ts';
export { chunkText, countWords, isBodyTitle } from './text.ts';
export type { Chunk } from './text.ts';

export type ExtractedDocument = {
  kind: DocumentKind;
  mimeType: string;
  text: string;
  wordCount: number;
  pages: number | null;
};

export interface Extractor {
  extract(input: { data: Buffer; fileName: string }): Promise<ExtractedDocument>;
  close(): Promise<void>;
}

export type ExtractorOptions = {
  /** default 50 MiB */
  maxBytes?: number;
  /** default 60_000; counts from the moment the task is queued */
  timeoutMs?: number;
  /** heap limit of each worker thread; default 512 */
  maxMemoryMb?: number;
  /** default 1 (2 cores shared) */
  threads?: number;
  allowedKinds?: DocumentKind[];
};

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

/** Internal: the pool plus a runner that maps worker failures to ExtractionError. */
export function createPool(options: ExtractorOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 60_000;
  // default: leave a core for the API itself (1 thread on a 2-core machine, at most 4)
  const threads = Math.max(
    1,
    Math.min(options.threads ?? availableParallelism() - 1, availableParallelism(), 4),
  );
  let pool: Piscina | null = null;
  const getPool = () =>
    (pool ??= new Piscina({
      filename: WORKER_URL.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb ?? 512 },
    }));

  // Tasks wait here for a free worker, so the time limit counts a file's own reading time only,
  // not the time it queued behind another teacher's 50 MB PDF.
  let busy = 0;
  const waiting: (() => void)[] = [];
  const acquire = () =>
    busy < threads
      ? (busy++, Promise.resolve())
      : new Promise<void>((resolve) => waiting.push(resolve));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };

  async function run(task: Task): Promise<TaskResult> {
    await acquire();
    try {
      return await runNow(task);
    } finally {
      release();
    }
  }

  async function runNow(task: Task): Promise<TaskResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    const transferList = task.type === 'extract' ? [task.data.buffer as ArrayBuffer] : undefined;
    try {
      // An aborted task's worker is terminated by piscina and replaced on demand.
      return (await getPool().run(task, { signal, transferList })) as TaskResult;
    } catch (err) {
      const e = err as { name?: string; code?: string; message?: string };
      if (signal.aborted || e.name === 'AbortError') throw invalid(MESSAGES.timeout);
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(e.message ?? '')) {
        throw invalid(MESSAGES.memory);
      }
      throw err;
    }
  }

  return {
    run,
    async close() {
      const p = pool;
      pool = null;
      if (p) await p.destroy();
    },
  };
}

export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024;
  const allowed = options.allowedKinds ?? [...ALL_KINDS];
  const pool = createPool(options);

  return {
    async extract({ data, fileName }) {
      if (data.length > maxBytes) throw tooLarge(maxBytes);
      if (data.length === 0) throw invalid(MESSAGES.empty);
      const kind = detectKind(data, fileName, allowed);
      // copy into a fresh ArrayBuffer that is moved (not cloned) to the worker
      const copy = new Uint8Array(data.length);
      copy.set(data);
      const result = await pool.run({ type: 'extract', kind, data: copy });
      if (!result.ok) throw new ExtractionError(result.status, result.code, result.message);
      return {
        kind,
        mimeType: MIME_TYPES[kind],
        text: result.text,
        wordCount: countWords(result.text),
        pages: result.pages,
      };
    },
    close: () => pool.close(),
  };
}
