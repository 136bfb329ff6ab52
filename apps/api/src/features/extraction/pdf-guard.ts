/**
 * pdf.js with a cap on what it decodes.
 *
 * pdf.js decodes every compressed stream it reads (page contents, fonts, object and xref
 * streams) into memory whole, outside the V8 heap (so `resourceLimits` does not stop it), and
 * has no option to bound that: a 2 MB PDF whose page content inflates to 1 GB makes it allocate
 * 1-2 GB. It decodes in a few places, all internal to its worker module:
 *
 * - `DecodeStream.ensureBuffer`, where every decoder that grows its output asks for room:
 *   Flate, LZW, RunLength, ASCII85/Hex, CCITT, predictors, decryption;
 * - `asyncGetBytesFromDecompressionStream`, which inflates Flate with the platform's
 *   DecompressionStream first (falling back to the decoder above when that fails);
 * - the Brotli decoder's output loop;
 * - the JPEG decoder's per-component buffers (sized from the dimensions the file declares).
 *
 * So this module loads pdf.js's worker module with one line added at each of those places,
 * calling `guard(key, bytes)` below, and hands it to pdf.js as its in-thread worker
 * (`globalThis.pdfjsWorker`, pdf.js's hook for running its worker on the same thread, which is
 * what it does in Node anyway). The counts see the data after decryption, so encrypted PDFs are
 * covered, which a scan of the raw file could not do. Images are not decoded to read text, so a
 * PDF full of photos costs nothing here; the JBIG2 and CCITT decoders are refused outright when
 * a stream is read as bytes (as page content or a font), which a real PDF never does. If a
 * pdf.js update moves any of that code, loading fails loudly instead of reading PDFs without
 * the cap.
 *
 * pdf.js's two bundles (each one file without imports) are compiled with `vm.runInThisContext` as
 * function bodies, not imported: an import would go through the tsx loader of the worker thread,
 * which transforms their 3 MB and costs ~400 MB of memory and ~0.5 s per thread; compiled
 * directly they cost ~50 MB and ~0.1 s.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExtractionLimits } from './limits.ts';

type PdfJs = typeof PdfJsModule;

const GUARD_KEY = 'course-assistant.extraction.pdfDecodeGuard';
const CALL = `globalThis[Symbol.for(${JSON.stringify(GUARD_KEY)})]?.`;

/** Lines added to pdf.worker.mjs: each `anchor` must occur exactly `count` times. */
const PATCHES: { anchor: string; count: number; insert: string }[] = [
  {
    anchor: '  ensureBuffer(requested) {\n',
    count: 1,
    insert: `    ${CALL}(this, requested);\n`,
  },
  {
    anchor: '        chunks.push(chunk);\n        totalLength += chunk.byteLength;\n',
    count: 1,
    insert: `        ${CALL}(chunks, totalLength);\n`,
  },
  {
    anchor: '      decompress(s);\n      totalOutput += s.outputUsed;\n',
    count: 1,
    insert: `      ${CALL}(s, totalOutput);\n`,
  },
  {
    anchor:
      '    const blocksBufferSize = 64 * blocksPerColumnForMcu * (blocksPerLineForMcu + 1);\n',
    count: 1,
    insert: `    ${CALL}(component, blocksBufferSize * 2);\n`,
  },
];
/** JBIG2 and CCITT image streams read byte by byte, as page content or a font would be: refused */
const IMAGE_READ_BLOCK = '  readBlock() {\n    this.decodeImageFallback();\n';
const IMAGE_READ_BLOCK_COUNT = 2;
const REFUSE = `    ${CALL}(this, -1);\n`;

/** What one document may still decode; `exceeded` says which limit it passed, if any. */
export type DecodeBudget = {
  readonly streamMax: number;
  readonly totalMax: number;
  total: number;
  exceeded: 'stream' | 'total' | null;
  /** the most each stream (decoder, JPEG component…) has asked for so far */
  readonly sizes: WeakMap<object, number>;
};

/** Thrown inside pdf.js to stop a decoder; pdf.js may swallow it, so `exceeded` is the record. */
class DecodeLimitError extends Error {}

let active: DecodeBudget | null = null;

/**
 * Called by pdf.js when `key` (one decoder) needs room for `bytes` decoded bytes in all;
 * `bytes < 0` is an image decoder being read as plain bytes, refused.
 */
function guard(key: object, bytes: number): void {
  const budget = active;
  if (!budget) return;
  if (bytes < 0) throw new DecodeLimitError('an image stream read as content');
  // once past a limit the document is rejected: stop every decoder at once
  if (budget.exceeded) throw new DecodeLimitError('decode limit passed');
  const before = budget.sizes.get(key) ?? 0;
  if (bytes <= before) return;
  if (bytes > budget.streamMax) {
    budget.exceeded = 'stream';
    throw new DecodeLimitError('decoded stream too large');
  }
  budget.total += bytes - before;
  budget.sizes.set(key, bytes);
  if (budget.total > budget.totalMax) {
    budget.exceeded = 'total';
    throw new DecodeLimitError('decoded streams too large');
  }
}

/** Starts counting for one document; a worker reads one document at a time. */
export function openDecodeBudget(
  limits: Pick<ExtractionLimits, 'pdfStreamBytes' | 'pdfTotalBytes'>,
): DecodeBudget {
  active = {
    streamMax: limits.pdfStreamBytes,
    totalMax: limits.pdfTotalBytes,
    total: 0,
    exceeded: null,
    sizes: new WeakMap(),
  };
  return active;
}

export function closeDecodeBudget(budget: DecodeBudget): void {
  if (active === budget) active = null;
}

function occurrences(source: string, text: string): number {
  return source.split(text).length - 1;
}

/**
 * pdf.worker.mjs (from `url`) with the guard calls added, as the body of a function that returns
 * its exports; throws if pdf.js no longer has those places.
 */
export function patchWorkerSource(source: string, url: string): string {
  let out = source;
  const problems: string[] = [];
  const patch = (anchor: string, count: number, replacement: string) => {
    const found = occurrences(out, anchor);
    if (found !== count) problems.push(`${JSON.stringify(anchor.trim())} found ${found}×`);
    else out = out.replaceAll(anchor, replacement);
  };
  for (const { anchor, count, insert } of PATCHES) patch(anchor, count, anchor + insert);
  patch(IMAGE_READ_BLOCK, IMAGE_READ_BLOCK_COUNT, IMAGE_READ_BLOCK.replace('\n', `\n${REFUSE}`));
  if (problems.length) {
    throw new Error(
      `pdfjs-dist changed, so PDFs cannot be read with a cap on decoded data: ${problems.join(', ')}. ` +
        'Update PATCHES in pdf-guard.ts.',
    );
  }
  return asFunctionBody(out, url);
}

/**
 * An ES module without imports (pdf.js's two bundles) as the body of a function returning its
 * exports: `export { a, b };` becomes `return { a, b };`, `import.meta.url` its URL.
 */
function asFunctionBody(source: string, url: string): string {
  const exports = source.match(/\nexport \{[^}]*\};\n/g) ?? [];
  if (exports.length !== 1 || exports[0]!.includes(' as ') || /^\s*import[\s{*]/m.test(source)) {
    throw new Error(`pdfjs-dist changed: ${url} is no longer a bundle without imports.`);
  }
  return source
    .replace(exports[0]!, exports[0]!.replace('export', 'return'))
    .replaceAll('import.meta.url', JSON.stringify(url))
    .replace(/\/\/# sourceMappingURL=.*$/m, '');
}

/** Runs a function body from asFunctionBody and returns the module's exports. */
function compile(body: string, url: string): unknown {
  // the body starts on the wrapper's first line, so stack traces keep the file's line numbers
  // (but for the few lines added)
  const factory = vm.runInThisContext(`(function () { "use strict"; ${body}\n})`, {
    filename: fileURLToPath(url),
  }) as () => unknown;
  return factory();
}

let loading: Promise<PdfJs> | null = null;

/** pdf.js (legacy build) with the guarded worker installed; loaded once per thread. */
export function loadPdfjs(): Promise<PdfJs> {
  return (loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  }));
}

async function load(): Promise<PdfJs> {
  const source = (url: string) => readFile(fileURLToPath(url), 'utf8');
  const workerUrl = import.meta.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const apiUrl = import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const worker = patchWorkerSource(await source(workerUrl), workerUrl);
  (globalThis as Record<symbol, unknown>)[Symbol.for(GUARD_KEY)] = guard;
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = compile(worker, workerUrl);
  return compile(asFunctionBody(await source(apiUrl), apiUrl), apiUrl) as PdfJs;
}
