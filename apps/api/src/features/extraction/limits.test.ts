/**
 * Limits on what a file PRODUCES when opened (see limits.ts): decompression bombs are built here,
 * small, from long runs of one byte; small limits keep most tests fast. No test measures time.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyntheticPdf } from '../../../test/fixtures/synthetic-pdf.ts';
import { docxWithPadding, flatePdf, xlsxOfSheets } from './bomb-files.ts';
import { MESSAGES } from './errors.ts';
import {
  EXTRACTION_LIMITS,
  type ExtractionError,
  type ExtractionLimits,
  type Extractor,
  chunkText,
  createExtractor,
  createPool,
} from './index.ts';
import { patchWorkerSource } from './pdf-guard.ts';
import { readZipDirectory } from './zip.ts';

const MiB = 1024 * 1024;
const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(FIXTURES + name);

/** one extractor per set of limits, closed after all tests */
const extractors = new Map<string, Extractor>();
function withLimits(limits: Partial<ExtractionLimits> = {}): Extractor {
  const key = JSON.stringify(limits);
  let ex = extractors.get(key);
  if (!ex) extractors.set(key, (ex = createExtractor({ limits, threads: 1 })));
  return ex;
}
afterAll(async () => {
  await Promise.all([...extractors.values()].map((ex) => ex.close()));
});

async function failure(data: Buffer, fileName: string, limits: Partial<ExtractionLimits> = {}) {
  try {
    await withLimits(limits).extract({ data, fileName });
  } catch (err) {
    const e = err as ExtractionError;
    return { name: e.name, status: e.status, code: e.code, message: e.message };
  }
  throw new Error('expected extraction to fail');
}

const tooBig = (message: string) => ({
  name: 'ExtractionError',
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  message,
});
const bomb = (message: string) => ({
  name: 'ExtractionError',
  status: 422,
  code: 'VALIDATION_ERROR',
  message,
});

describe('PDF: decoded data, pages and characters', () => {
  let pdfBomb: Buffer;
  beforeAll(async () => {
    // a page whose content stream inflates to 100 MB, from ~100 KB
    pdfBomb = await flatePdf({ padding: 100 * MiB });
  });

  it('rejects a page content stream that inflates past the default 64 MB', async () => {
    expect(pdfBomb.length).toBeLessThan(MiB);
    expect(await failure(pdfBomb, 'bomb.pdf')).toEqual(bomb(MESSAGES.pdfStreamExpands(64 * MiB)));
    expect(MESSAGES.pdfStreamExpands(64 * MiB)).toMatch(
      /^Part of this PDF expands to more than 64 MB of data when opened/,
    );
  }, 60_000);

  it('rejects streams that together inflate past the total, and says which limit', async () => {
    const pdf = await flatePdf({ padding: 4 * MiB });
    expect(await failure(pdf, 'a.pdf', { pdfStreamBytes: MiB })).toEqual(
      bomb(MESSAGES.pdfStreamExpands(MiB)),
    );
    expect(await failure(pdf, 'a.pdf', { pdfTotalBytes: 2 * MiB })).toEqual(
      bomb(MESSAGES.pdfExpands(2 * MiB)),
    );
    expect(MESSAGES.pdfExpands(2 * MiB)).toMatch(/^This PDF expands to more than 2 MB of data/);
    // the same file under the limits reads
    const doc = await withLimits({ pdfStreamBytes: 8 * MiB }).extract({
      data: pdf,
      fileName: 'a.pdf',
    });
    expect(doc.text).toBe('Hello from a small PDF page.');
  }, 60_000);

  it('counts after decryption: an encrypted PDF (no password to open) is capped too', async () => {
    // its streams are RC4 ciphertext: a scan of the raw file could not inflate them
    const secret = await flatePdf({ text: 'Encrypted but open to all.', encrypt: true });
    const ex = withLimits({ pdfStreamBytes: MiB });
    expect((await ex.extract({ data: secret, fileName: 'secret.pdf' })).text).toBe(
      'Encrypted but open to all.',
    );
    const encryptedBomb = await flatePdf({ padding: 4 * MiB, encrypt: true });
    expect(await failure(encryptedBomb, 'bomb.pdf', { pdfStreamBytes: MiB })).toEqual(
      bomb(MESSAGES.pdfStreamExpands(MiB)),
    );
  }, 60_000);

  it('does not decode images to read text: a PDF with a 3 MB photo passes a 256 KB cap', async () => {
    const pdf = await flatePdf({ text: 'A page with a photo.', imageBytes: 3_000_000 });
    expect(pdf.length).toBeGreaterThan(2_900_000);
    const doc = await withLimits({ pdfTotalBytes: 256 * 1024 }).extract({
      data: pdf,
      fileName: 'photo.pdf',
    });
    expect(doc.text).toBe('A page with a photo.');
  }, 60_000);

  it('rejects more pages, or more characters of text, than the limits', async () => {
    const pdf = makeSyntheticPdf(3);
    expect(await failure(pdf, 'a.pdf', { pdfPages: 2 })).toEqual(tooBig(MESSAGES.pdfPages(2)));
    expect(MESSAGES.pdfPages(2000)).toBe(
      'This PDF has more than 2,000 pages. Please split it into files of up to 2,000 pages and upload them separately.',
    );
    expect(await failure(pdf, 'a.pdf', { textChars: 2000 })).toEqual(
      tooBig(MESSAGES.textChars(2000)),
    );
    expect(
      (await withLimits({ pdfPages: 3 }).extract({ data: pdf, fileName: 'a.pdf' })).pages,
    ).toBe(3);
  }, 60_000);

  it('fails loudly, instead of reading PDFs without a cap, when pdf.js changes', async () => {
    const url = import.meta.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
    const source = await readFile(fileURLToPath(url), 'utf8');
    const patched = patchWorkerSource(source, url);
    expect(patched.split('pdfDecodeGuard').length - 1).toBe(6);
    expect(patched).toContain('\nreturn { WorkerMessageHandler };\n');
    expect(patched).not.toContain('import.meta');
    const moved = source.replace('  ensureBuffer(requested) {\n', '  ensureBuffer(n) {\n');
    expect(() => patchWorkerSource(moved, url)).toThrow(/pdfjs-dist changed.*ensureBuffer/);
  });
});

describe('DOCX/XLSX: real inflated sizes, sheets and cells', () => {
  it('rejects a DOCX whose headers claim 1 KB but whose document inflates to 100 MB', async () => {
    const docx = await docxWithPadding({ padding: 100 * MiB, claim: 1000 });
    expect(docx.length).toBeLessThan(MiB);
    const claimed = readZipDirectory(docx, EXTRACTION_LIMITS).find(
      (e) => e.name === 'word/document.xml',
    );
    expect(claimed?.uncompressedSize).toBe(1000);
    // the local header lies too
    const local = docx.indexOf('word/document.xml') - 30;
    expect(docx.readUInt32LE(local + 22)).toBe(1000);
    expect(await failure(docx, 'lying.docx')).toEqual(
      bomb(MESSAGES.zipEntryExpands('docx', 64 * MiB)),
    );
    expect(MESSAGES.zipEntryExpands('docx', 64 * MiB)).toMatch(
      /^Part of this Word document expands to more than 64 MB of data when opened/,
    );
  }, 60_000);

  it('reads the same DOCX when it is small, and a real one, under tight limits', async () => {
    const ex = withLimits({ zipEntryBytes: 64 * 1024 });
    const small = await docxWithPadding({ padding: 1000 });
    expect((await ex.extract({ data: small, fileName: 'ok.docx' })).text).toBe(
      'Hello from a small Word document.',
    );
    // within the limits, a size lie is left to the zip library, which calls it damaged
    const lying = await docxWithPadding({ padding: 1000, claim: 10 });
    await expect(ex.extract({ data: lying, fileName: 'lying.docx' })).rejects.toMatchObject({
      status: 422,
      message: 'This Word document appears to be damaged and could not be read.',
    });
    expect((await ex.extract({ data: fixture('lesson.docx'), fileName: 'l.docx' })).text).toMatch(
      /^# The Water Cycle$/m,
    );
  }, 60_000);

  it('rejects an XLSX whose sheets each pass the entry limit but together pass the total', async () => {
    const xlsx = await xlsxOfSheets({
      sheets: 3,
      rows: 1,
      cols: 1,
      cellText: { repeat: 'x', times: 600 * 1024 },
      claim: 100,
    });
    const limits = { zipEntryBytes: MiB, zipTotalBytes: MiB };
    expect(await failure(xlsx, 'sheets.xlsx', limits)).toEqual(
      bomb(MESSAGES.zipExpands('xlsx', MiB)),
    );
    expect(MESSAGES.zipExpands('xlsx', MiB)).toMatch(
      /^This Excel file expands to more than 1 MB of data when opened/,
    );
  }, 60_000);

  it('counts the cells of an XLSX exactly, across inflated pieces, and rejects one more', async () => {
    // 80,000 cells in ~2.6 MB of XML, inflated in 256 KB pieces
    const xlsx = await xlsxOfSheets({ sheets: 2, rows: 2000, cols: 20 });
    expect(await failure(xlsx, 'grades.xlsx', { cells: 79_999 })).toEqual(
      tooBig(MESSAGES.cells('xlsx', 79_999)),
    );
    const doc = await withLimits({ cells: 80_000 }).extract({ data: xlsx, fileName: 'g.xlsx' });
    expect(doc.text).toMatch(/^## Sheet: Sheet2$/m);
    expect(MESSAGES.cells('xlsx', 500_000)).toMatch(
      /^This Excel file has more than 500,000 cells\./,
    );
  }, 60_000);

  it('rejects spreadsheets over the sheet or cell limit: XLSX, XLS and CSV', async () => {
    const xlsx = await xlsxOfSheets({ sheets: 3, rows: 2, cols: 2 });
    expect(await failure(xlsx, 'a.xlsx', { sheets: 2 })).toEqual(
      tooBig(MESSAGES.sheets('xlsx', 2)),
    );
    // the fixtures: two sheets, Grades and Attendance, of a few rows
    expect(await failure(fixture('grades.xlsx'), 'g.xlsx', { sheets: 1 })).toEqual(
      tooBig(MESSAGES.sheets('xlsx', 1)),
    );
    expect(await failure(fixture('grades.xlsx'), 'g.xlsx', { cells: 10 })).toEqual(
      tooBig(MESSAGES.cells('xlsx', 10)),
    );
    expect(await failure(fixture('grades.xls'), 'g.xls', { sheets: 1 })).toEqual(
      tooBig(MESSAGES.sheets('xls', 1)),
    );
    expect(await failure(fixture('grades.xls'), 'g.xls', { cells: 10 })).toEqual(
      tooBig(MESSAGES.cells('xls', 10)),
    );
    expect(await failure(fixture('data.csv'), 'd.csv', { cells: 5 })).toEqual(
      tooBig(MESSAGES.cells('csv', 5)),
    );
    expect(MESSAGES.sheets('xlsx', 250)).toBe(
      'This Excel file has more than 250 sheets. Please remove the sheets you do not need, or split it into smaller files, and upload it again.',
    );
  }, 60_000);
});

describe('text: characters', () => {
  it('rejects text over the character limit, from any kind of file', async () => {
    const text = Buffer.from('word '.repeat(250)); // 1,250 characters
    expect(await failure(text, 'a.txt', { textChars: 1000 })).toEqual(
      tooBig(MESSAGES.textChars(1000)),
    );
    expect(await failure(fixture('lesson.docx'), 'l.docx', { textChars: 100 })).toEqual(
      tooBig(MESSAGES.textChars(100)),
    );
    expect(MESSAGES.textChars(10_000_000)).toBe(
      'This file has more than 10 million characters of text, which is more than we can use. Please split it into smaller files and upload them separately.',
    );
    const doc = await withLimits({ textChars: 1249 }).extract({
      data: text.subarray(0, 1249),
      fileName: 'a.txt',
    });
    expect(doc.wordCount).toBe(250);
  }, 60_000);
});

describe('chunks in the worker', () => {
  it('returns the chunks of the extracted text, and chunks typed text in the pool', async () => {
    const ex = withLimits({ textChars: 20_000 });
    const doc = await ex.extract({ data: makeSyntheticPdf(2), fileName: 'a.pdf' });
    expect(doc.chunks.length).toBeGreaterThan(1);
    expect(doc.chunks).toEqual(chunkText(doc.text));
    const typed = '# Week 1\n\nRead chapter one. ' + 'Practice every day. '.repeat(100);
    expect(await ex.chunk(typed)).toEqual(chunkText(typed));
    expect(await ex.chunk('  \n ')).toEqual([]);
    await expect(ex.chunk('x'.repeat(20_001))).rejects.toMatchObject(
      tooBig(MESSAGES.textChars(20_000)),
    );
  }, 60_000);
});

describe('a worker that passed a limit is retired', () => {
  it('replaces the worker after a rejection, keeps it after a success, and still reads files', async () => {
    const limits = { ...EXTRACTION_LIMITS, pdfStreamBytes: MiB };
    const pool = createPool({ limits, threads: 1 });
    const bombPdf = await flatePdf({ padding: 4 * MiB });
    const thread = async () => {
      const r = await pool.run({ type: 'thread' });
      return 'threadId' in r ? r.threadId : -1;
    };
    const extract = (data: Buffer, kind: 'pdf' | 'txt') =>
      pool.run({ type: 'extract', kind, data: new Uint8Array(data), limits });
    try {
      const first = await thread();
      expect(await extract(Buffer.from('Small notes for class.'), 'txt')).toMatchObject({
        ok: true,
      });
      expect(await thread()).toBe(first); // a file within the limits keeps the warm worker
      // a worker's failure names its code only; the status is the code's (ERROR_STATUS, DESIGN §4)
      expect(await extract(bombPdf, 'pdf')).toEqual({
        ok: false,
        code: 'VALIDATION_ERROR',
        message: MESSAGES.pdfStreamExpands(MiB),
      });
      const second = await thread();
      expect(second).not.toBe(first); // that worker exited; a fresh one took its place
      expect(await extract(Buffer.from('More notes for class.'), 'txt')).toMatchObject({
        ok: true,
        text: 'More notes for class.',
      });
      expect(await extract(await flatePdf({}), 'pdf')).toMatchObject({
        ok: true,
        text: 'Hello from a small PDF page.',
      });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('reads a normal file right after each kind of rejection', async () => {
    const ex = withLimits({ pdfStreamBytes: MiB, zipEntryBytes: MiB, cells: 100, textChars: 1000 });
    const rejected = [
      [await flatePdf({ padding: 4 * MiB }), 'bomb.pdf'],
      [await docxWithPadding({ padding: 4 * MiB, claim: 10 }), 'bomb.docx'],
      [await xlsxOfSheets({ sheets: 1, rows: 20, cols: 10 }), 'cells.xlsx'],
      [Buffer.from('word '.repeat(300)), 'long.txt'],
    ] as const;
    for (const [data, fileName] of rejected) {
      await expect(ex.extract({ data, fileName })).rejects.toMatchObject({
        name: 'ExtractionError',
      });
      const doc = await ex.extract({ data: fixture('text.pdf'), fileName: 'text.pdf' });
      expect(doc.text).toMatch(/^# Photosynthesis Basics$/m);
    }
  }, 120_000);
});
