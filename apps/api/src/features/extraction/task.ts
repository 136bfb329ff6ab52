/** The code that runs inside a pool worker (see worker.mjs). */
import { isMainThread, parentPort, threadId } from 'node:worker_threads';
import { type DocumentKind, ExtractionError, MESSAGES, invalid, overLimit } from './errors.ts';
import type { ExtractionLimits } from './limits.ts';
import { extractDoc, extractDocx, extractXls, extractXlsx } from './office.ts';
import { extractPdf } from './pdf.ts';
import {
  type Chunk,
  chunkText,
  countWords,
  decodeText,
  formatRows,
  normalizeText,
  parseCsv,
} from './text.ts';

export type Task =
  | { type: 'extract'; id: number; kind: DocumentKind; data: Uint8Array; limits: ExtractionLimits }
  | { type: 'chunk'; id: number; text: string; limits: ExtractionLimits }
  /**
   * test hooks: busy-loop for `ms`, wait until the main thread sets `gate[0]` (shared memory),
   * allocate until the heap limit is hit, name the thread
   */
  | { type: 'spin'; ms: number }
  | { type: 'block'; gate: Int32Array }
  | { type: 'alloc' }
  | { type: 'thread' };

export type Extracted = {
  ok: true;
  text: string;
  pages: number | null;
  wordCount: number;
  chunks: Chunk[];
};
export type Chunked = { ok: true; chunks: Chunk[] };
type TaskFailure = { ok: false; code: ExtractionError['code']; message: string };
export type TaskResult = Extracted | Chunked | { ok: true; threadId: number } | TaskFailure;

/**
 * Key of the message a worker posts (on its parentPort) with its last result right before it
 * exits: `{ [FAREWELL]: taskId, result }`. Node delivers it before the worker's 'exit' event.
 */
export const FAREWELL = 'extractionWorkerFarewell';

const MiB = 1024 * 1024;

function checkChars(text: string, limits: ExtractionLimits): void {
  if (text.length > limits.textChars)
    throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.textChars(limits.textChars));
}

async function extractKind(
  kind: DocumentKind,
  data: Buffer,
  limits: ExtractionLimits,
): Promise<{ text: string; pages: number | null }> {
  switch (kind) {
    case 'pdf':
      return extractPdf(data, limits);
    case 'docx':
      return { text: await extractDocx(data, limits), pages: null };
    case 'doc':
      return { text: await extractDoc(data), pages: null };
    case 'xlsx':
      return { text: (await extractXlsx(data, limits)).text, pages: null };
    case 'xls':
      return { text: (await extractXls(data, limits)).text, pages: null };
    case 'csv': {
      const raw = decodeText(data);
      checkChars(raw, limits);
      const rows = parseCsv(raw);
      let cells = 0;
      for (const row of rows) cells += row.length;
      if (cells > limits.cells)
        throw overLimit('PAYLOAD_TOO_LARGE', MESSAGES.cells('csv', limits.cells));
      return { text: normalizeText(formatRows(rows)), pages: null };
    }
    case 'txt': {
      const raw = decodeText(data);
      checkChars(raw, limits);
      return { text: normalizeText(raw), pages: null };
    }
  }
}

function failure(err: ExtractionError): TaskFailure {
  return { ok: false, code: err.code, message: err.message };
}

/**
 * Runs a task. `retire` says the worker must not be reused: the file passed a limit or ran out
 * of memory, or the worker holds more than `workerRecycleMb` afterwards. Exiting the thread is
 * the only way to give all of that memory back.
 */
async function runTask(task: Task): Promise<{ result: TaskResult; retire: boolean }> {
  if (task.type === 'spin') {
    const end = Date.now() + task.ms;
    let x = 0;
    while (Date.now() < end) x += Math.sqrt(x + 1);
    return { result: { ok: true, threadId }, retire: false };
  }
  if (task.type === 'thread') return { result: { ok: true, threadId }, retire: false };
  if (task.type === 'block') {
    while (Atomics.load(task.gate, 0) === 0) Atomics.wait(task.gate, 0, 0);
    return { result: { ok: true, threadId }, retire: false };
  }
  if (task.type === 'alloc') {
    const hold: number[][] = [];
    for (;;) hold.push(new Array(1_000_000).fill(hold.length));
  }
  try {
    let result: TaskResult;
    if (task.type === 'chunk') {
      checkChars(task.text, task.limits);
      result = { ok: true, chunks: chunkText(task.text) };
    } else {
      const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
      const { text, pages } = await extractKind(task.kind, data, task.limits);
      checkChars(text, task.limits);
      const wordCount = countWords(text);
      if (wordCount === 0) {
        throw invalid(
          task.kind === 'txt' || task.kind === 'csv' ? MESSAGES.empty : MESSAGES.noText,
        );
      }
      result = { ok: true, text, pages, wordCount, chunks: chunkText(text) };
    }
    const { heapTotal, arrayBuffers } = process.memoryUsage();
    return { result, retire: (heapTotal + arrayBuffers) / MiB > task.limits.workerRecycleMb };
  } catch (err) {
    if (err instanceof ExtractionError) return { result: failure(err), retire: err.overLimit };
    const e = err as Error;
    if (e instanceof RangeError && /allocation|memory|heap/i.test(e.message)) {
      return { result: failure(invalid(MESSAGES.memory)), retire: true };
    }
    return {
      result: failure(invalid('This file appears to be damaged and could not be read.')),
      retire: false,
    };
  }
}

/**
 * The pool's task function (worker.mjs). A worker to be retired posts its result as a farewell
 * and exits: piscina then fails the task (the pool reads the farewell instead), drops the
 * thread, and starts a fresh one when the next task comes.
 */
export async function handleTask(task: Task): Promise<TaskResult> {
  const { result, retire } = await runTask(task);
  if (retire && !isMainThread && parentPort && 'id' in task) {
    parentPort.postMessage({ [FAREWELL]: task.id, result });
    process.exit(0);
  }
  return result;
}
