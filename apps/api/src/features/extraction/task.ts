/** The code that runs inside a pool worker (see worker.mjs). */
import { type DocumentKind, ExtractionError, MESSAGES, invalid } from './errors.ts';
import { extractDoc, extractDocx, extractXls, extractXlsx } from './office.ts';
import { extractPdf } from './pdf.ts';
import { countWords, decodeText, formatRows, normalizeText, parseCsv } from './text.ts';

export type Task =
  | { type: 'extract'; kind: DocumentKind; data: Uint8Array }
  /** test hooks: busy-loop for `ms`, or allocate until the worker's heap limit is hit */
  | { type: 'spin'; ms: number }
  | { type: 'alloc' };

export type TaskResult =
  | { ok: true; text: string; pages: number | null }
  | { ok: false; status: 413 | 415 | 422; code: ExtractionError['code']; message: string };

export async function extractKind(
  kind: DocumentKind,
  data: Buffer,
): Promise<{ text: string; pages: number | null }> {
  switch (kind) {
    case 'pdf':
      return extractPdf(data);
    case 'docx':
      return { text: await extractDocx(data), pages: null };
    case 'doc':
      return { text: await extractDoc(data), pages: null };
    case 'xlsx':
      return { text: (await extractXlsx(data)).text, pages: null };
    case 'xls':
      return { text: (await extractXls(data)).text, pages: null };
    case 'csv':
      return { text: normalizeText(formatRows(parseCsv(decodeText(data)))), pages: null };
    case 'txt':
      return { text: normalizeText(decodeText(data)), pages: null };
  }
}

export async function runTask(task: Task): Promise<TaskResult> {
  if (task.type === 'spin') {
    const end = Date.now() + task.ms;
    let x = 0;
    while (Date.now() < end) x += Math.sqrt(x + 1);
    return { ok: true, text: String(x > 0), pages: null };
  }
  if (task.type === 'alloc') {
    const hold: number[][] = [];
    for (;;) hold.push(new Array(1_000_000).fill(hold.length));
  }
  try {
    const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
    const result = await extractKind(task.kind, data);
    if (countWords(result.text) === 0) {
      throw invalid(task.kind === 'txt' || task.kind === 'csv' ? MESSAGES.empty : MESSAGES.noText);
    }
    return { ok: true, ...result };
  } catch (err) {
    if (err instanceof ExtractionError) {
      return { ok: false, status: err.status, code: err.code, message: err.message };
    }
    const e = err as Error;
    if (e instanceof RangeError && /allocation|memory|heap/i.test(e.message)) {
      return { ok: false, status: 422, code: 'VALIDATION_ERROR', message: MESSAGES.memory };
    }
    return {
      ok: false,
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'This file appears to be damaged and could not be read.',
    };
  }
}
