/**
 * Every limit that extraction enforces, in one place. A limit bounds what a file PRODUCES when it
 * is opened (inflated bytes, pages, cells, characters), not only what was uploaded: a 2 MB file
 * can inflate to gigabytes. The numbers leave ample room for real course material (a 300-page
 * syllabus, a 50 MB PDF full of photos, a 5,000-row gradebook) and stop a crafted file long
 * before it can hurt the server. `createExtractor({ limits })` overrides them (tests use small ones).
 */
export type ExtractionLimits = {
  fileBytes: number;
  timeMs: number;
  workerHeapMb: number;
  workerRecycleMb: number;
  textChars: number;
  pdfPages: number;
  pdfStreamBytes: number;
  pdfTotalBytes: number;
  zipEntries: number;
  zipEntryBytes: number;
  zipTotalBytes: number;
  zipClaimedRatio: number;
  zipClaimedRatioMinBytes: number;
  sheets: number;
  cells: number;
};

const MiB = 1024 * 1024;

export const EXTRACTION_LIMITS: Readonly<ExtractionLimits> = Object.freeze({
  /** Upload size. A 50 MB PDF with photos fits; a bigger file is nearly always a scan or a video. */
  fileBytes: 50 * MiB,
  /**
   * Wall time of one file once a worker has started on it (queueing does not count). Real PDFs
   * read at ~80 pages/s (the eval corpus's syllabi) to ~290 (plain text pages), so even a
   * 2,000-page book finishes inside it; when it runs out the worker thread is terminated, which
   * also frees all of its memory.
   */
  timeMs: 60_000,
  /** V8 heap cap of each worker thread (resourceLimits); a worker that reaches it is killed. */
  workerHeapMb: 512,
  /**
   * A worker whose heap + buffers are above this after a task exits, so the memory goes back to
   * the OS, instead of staying with a warm worker; small files (nearly all) keep the worker warm.
   */
  workerRecycleMb: 256,
  /**
   * Characters of extracted text. A 300-page syllabus is ~1 M characters and a 1,500-page
   * textbook ~4.5 M; 10 M is more than anyone can use as course material. It bounds the text
   * handed to the API thread, its chunks, and the rows stored (10 M characters chunk in ~0.4 s).
   */
  textChars: 10_000_000,
  /** PDF pages. A 300-page syllabus or a 1,500-page textbook fits; 2,000 read in ~7-25 s. */
  pdfPages: 2_000,
  /**
   * Decoded size of one PDF stream (a page's content, a font, an object stream). pdf.js holds a
   * whole stream in one buffer, so this bounds its memory; real pages decode to kilobytes, a dense
   * vector drawing to a few MB. Images are not decoded to read text and do not count. A power of
   * two, so the buffer pdf.js grows by doubling never passes it.
   */
  pdfStreamBytes: 64 * MiB,
  /**
   * All streams pdf.js decodes for one PDF, fonts included. The eval corpus's real syllabi decode
   * 76-864 KB in all (≤ 290 KB per page, mostly fonts, decoded once), a page's text ~10-60 KB, so
   * a 2,000-page book stays far below. It bounds the time and memory of a file built from many
   * streams each just under the stream limit.
   */
  pdfTotalBytes: 256 * MiB,
  /** Entries in a DOCX/XLSX. Real files have tens to a few hundred (one per image, sheet, part). */
  zipEntries: 10_000,
  /**
   * Real inflated size of one DOCX/XLSX entry, counted while inflating (headers can lie). The
   * largest real parts are a 300-page document.xml (~15 MB), a 500,000-cell sheet (~20 MB) and
   * media, which barely compress (≤ the 50 MB upload).
   */
  zipEntryBytes: 64 * MiB,
  /** Real inflated size of all entries of a DOCX/XLSX together. */
  zipTotalBytes: 200 * MiB,
  /**
   * Checked on the API thread from the central directory before any worker is involved: an entry
   * CLAIMING more than `zipClaimedRatioMinBytes` at more than this ratio is a bomb (XML compresses
   * ~10-20×). The real sizes are counted in the worker anyway.
   */
  zipClaimedRatio: 100,
  zipClaimedRatioMinBytes: 5 * MiB,
  /** Worksheets in a spreadsheet: one per student of a big class, or per week of a year, fits. */
  sheets: 250,
  /**
   * Spreadsheet cells, empty styled cells included (they cost as much to load). A 5,000-row
   * gradebook of 30 columns has 150,000; the spreadsheet reader keeps ~550 bytes per cell, so
   * 500,000 cells use ~275 MB of the 512 MB worker heap.
   */
  cells: 500_000,
});

export function resolveLimits(overrides: Partial<ExtractionLimits> = {}): ExtractionLimits {
  const limits = { ...EXTRACTION_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof ExtractionLimits, number][]) {
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}
