import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ALL_KINDS, MIME_TYPES, detectKind } from './detect.ts';
import {
  type DocumentKind,
  ExtractionError,
  MESSAGES,
  invalid,
  overLimit,
  tooLarge,
} from './errors.ts';
import { API_ROOT, COMPILED } from '../../paths.ts';
import { type ExtractionLimits, resolveLimits } from './limits.ts';
import { type Chunked, type Extracted, FAREWELL, type Task, type TaskResult } from './task.ts';
import type { Chunk } from './text.ts';

export type { DocumentKind } from './errors.ts';
export { ExtractionError } from './errors.ts';
export { EXTRACTION_LIMITS, type ExtractionLimits } from './limits.ts';
export { chunkText, countWords, isBodyTitle } from './text.ts';
export type { Chunk } from './text.ts';

type ExtractedDocument = {
  kind: DocumentKind;
  mimeType: string;
  text: string;
  wordCount: number;
  pages: number | null;
  /** `chunkText(text)`, computed in the worker */
  chunks: Chunk[];
};

export interface Extractor {
  extract(input: { data: Buffer; fileName: string }): Promise<ExtractedDocument>;
  /**
   * `chunkText(text)` run in the worker pool, for text a teacher types or edits (ahead of files
   * waiting for a worker). ExtractionError 413 when the text is over `textChars`.
   */
  chunk(text: string): Promise<Chunk[]>;
  close(): Promise<void>;
}

type ExtractorOptions = {
  /** overrides of EXTRACTION_LIMITS (tests use small ones); they win over the three below */
  limits?: Partial<ExtractionLimits>;
  /** = limits.fileBytes, default 50 MiB */
  maxBytes?: number;
  /** = limits.timeMs, default 60_000; counts from the moment the task gets a worker */
  timeoutMs?: number;
  /** = limits.workerHeapMb, heap limit of each worker thread; default 512 */
  maxMemoryMb?: number;
  /** default 1 (2 cores shared) */
  threads?: number;
  /** starts a task's time limit when it gets a worker (tests pass a clock they control) */
  timeLimit?: (ms: number) => AbortSignal;
  allowedKinds?: DocumentKind[];
};

function limitsOf(options: ExtractorOptions): ExtractionLimits {
  const legacy: Partial<ExtractionLimits> = {};
  if (options.maxBytes !== undefined) legacy.fileBytes = options.maxBytes;
  if (options.timeoutMs !== undefined) legacy.timeMs = options.timeoutMs;
  if (options.maxMemoryMb !== undefined) legacy.workerHeapMb = options.maxMemoryMb;
  return resolveLimits({ ...legacy, ...options.limits });
}

// the compiled server runs its own bundle of the worker; the source registers tsx in worker.mjs
const WORKER_URL = pathToFileURL(
  COMPILED
    ? path.join(API_ROOT, 'dist', 'extraction-worker.js')
    : path.join(API_ROOT, 'src', 'features', 'extraction', 'worker.mjs'),
);

/** a task as callers give it: the pool numbers extract and chunk tasks itself */
type NewTask = Task extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : T) : never;

/** Internal: the pool plus a runner that maps worker failures to ExtractionError. */
export function createPool(options: ExtractorOptions = {}) {
  const limits = limitsOf(options);
  // default: leave a core for the API itself (1 thread on a 2-core machine, at most 4)
  const threads = Math.max(
    1,
    Math.min(options.threads ?? availableParallelism() - 1, availableParallelism(), 4),
  );
  /** last results of retired workers, by task id (see FAREWELL in task.ts) */
  const farewells = new Map<number, TaskResult>();
  let lastId = 0;
  let pool: Piscina | null = null;
  const getPool = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: WORKER_URL.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb },
    });
    pool.on('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && FAREWELL in message) {
        const { [FAREWELL]: id, result } = message as Record<string, unknown>;
        farewells.set(id as number, result as TaskResult);
      }
    });
    return pool;
  };

  // Tasks wait here for a free worker, so the time limit counts a file's own reading time only,
  // not the time it queued behind another teacher's 50 MB PDF. Chunking typed text goes first.
  let busy = 0;
  const waiting: (() => void)[] = [];
  const acquire = (first: boolean) =>
    busy < threads
      ? (busy++, Promise.resolve())
      : new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };

  async function run(input: NewTask): Promise<TaskResult> {
    const task = (
      input.type === 'extract' || input.type === 'chunk' ? { ...input, id: ++lastId } : input
    ) as Task;
    await acquire(task.type === 'chunk');
    try {
      return await runNow(task);
    } finally {
      release();
    }
  }

  async function runNow(task: Task): Promise<TaskResult> {
    const signal = (options.timeLimit ?? AbortSignal.timeout)(limits.timeMs);
    const transferList = task.type === 'extract' ? [task.data.buffer as ArrayBuffer] : undefined;
    const id = 'id' in task ? task.id : 0;
    try {
      // An aborted task's worker is terminated by piscina and replaced on demand.
      return (await getPool().run(task, { signal, transferList })) as TaskResult;
    } catch (err) {
      // a worker that passed a limit posts its result and exits, so that its memory goes back
      const farewell = farewells.get(id);
      if (farewell) return farewell;
      const e = err as { name?: string; code?: string; message?: string };
      if (signal.aborted || e.name === 'AbortError') throw invalid(MESSAGES.timeout);
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(e.message ?? '')) {
        throw invalid(MESSAGES.memory);
      }
      throw err;
    } finally {
      farewells.delete(id);
    }
  }

  return {
    run,
    limits,
    async close() {
      const p = pool;
      pool = null;
      if (p) await p.destroy();
    },
  };
}

function succeeded<T extends TaskResult>(result: TaskResult): T {
  if (!result.ok) throw new ExtractionError(result.code, result.message);
  return result as T;
}

export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const allowed = options.allowedKinds ?? [...ALL_KINDS];
  const pool = createPool(options);
  const { limits } = pool;

  return {
    async extract({ data, fileName }) {
      if (data.length > limits.fileBytes) throw tooLarge(limits.fileBytes);
      if (data.length === 0) throw invalid(MESSAGES.empty);
      const kind = detectKind(data, fileName, allowed, limits);
      // copy into a fresh ArrayBuffer that is moved (not cloned) to the worker
      const copy = new Uint8Array(data.length);
      copy.set(data);
      const result = succeeded<Extracted>(
        await pool.run({ type: 'extract', kind, data: copy, limits }),
      );
      return {
        kind,
        mimeType: MIME_TYPES[kind],
        text: result.text,
        wordCount: result.wordCount,
        pages: result.pages,
        chunks: result.chunks,
      };
    },
    async chunk(text) {
      if (text.length > limits.textChars) {
        throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.textChars(limits.textChars));
      }
      if (text.trim() === '') return [];
      return succeeded<Chunked>(await pool.run({ type: 'chunk', text, limits })).chunks;
    },
    close: () => pool.close(),
  };
}
