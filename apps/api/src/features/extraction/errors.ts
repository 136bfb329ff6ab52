// the zod-free entry of contracts: extraction worker threads load this file, and the whole of
// contracts (zod and every schema) would add ~100 ms to each worker's start
import { ERROR_STATUS } from '@app/contracts/api';

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'csv' | 'txt';

const EXTRACTION_CODES = [
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
] as const;
/** Error codes of contracts' ERROR_CODES: the error handler answers with their status (413, 415, 422). */
type ExtractionCode = (typeof EXTRACTION_CODES)[number];

export const isExtractionCode = (code: string): code is ExtractionCode =>
  (EXTRACTION_CODES as readonly string[]).includes(code);

/**
 * A file refused, with its code and a message fit to show a teacher; the API's error handler
 * turns it into the reply. `overLimit` marks a file stopped by one of EXTRACTION_LIMITS (the
 * worker that read it is then retired, see task.ts).
 */
export class ExtractionError extends Error {
  constructor(
    readonly code: ExtractionCode,
    message: string,
    readonly overLimit = false,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }

  /** the code's status (ERROR_STATUS), as the error handler answers it */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const MESSAGES = {
  unsupported: 'Unsupported file type. Please upload PDF, Word, Excel, or text files.',
  empty: 'The file is empty.',
  noText: 'This file has no readable text.',
  password: 'This file is password-protected. Please remove the password and upload it again.',
  scanned:
    'This PDF has no selectable text — it looks like a scanned document. Please upload a text-based PDF or a Word file.',
  zipBomb: 'This file is too large when unpacked and was rejected.',
  timeout: 'This file took too long to read. Please try a smaller or simpler file.',
  memory: 'This file is too complex to read.',
  /** a PDF whose decoded streams together pass `pdfTotalBytes` */
  pdfExpands: (bytes: number) =>
    `This PDF expands to more than ${size(bytes)} of data when opened, which is more than we can read. ${RESAVE_PDF}`,
  /** one decoded PDF stream (a page's content, a font) passes `pdfStreamBytes` */
  pdfStreamExpands: (bytes: number) =>
    `Part of this PDF expands to more than ${size(bytes)} of data when opened, which is more than we can read. ${RESAVE_PDF}`,
  pdfPages: (pages: number) =>
    `This PDF has more than ${count(pages)} pages. Please split it into files of up to ${count(pages)} pages and upload them separately.`,
  /** the real inflated entries of a DOCX/XLSX together pass `zipTotalBytes` */
  zipExpands: (kind: DocumentKind, bytes: number) =>
    `This ${KIND_NAMES[kind]} expands to more than ${size(bytes)} of data when opened, which is more than we can read. ${SPLIT_OFFICE[kind]}`,
  /** one real inflated DOCX/XLSX entry passes `zipEntryBytes` */
  zipEntryExpands: (kind: DocumentKind, bytes: number) =>
    `Part of this ${KIND_NAMES[kind]} expands to more than ${size(bytes)} of data when opened, which is more than we can read. ${SPLIT_OFFICE[kind]}`,
  textChars: (chars: number) =>
    `This file has more than ${count(chars)} characters of text, which is more than we can use. Please split it into smaller files and upload them separately.`,
  sheets: (kind: DocumentKind, sheets: number) =>
    `This ${KIND_NAMES[kind]} has more than ${count(sheets)} sheets. Please remove the sheets you do not need, or split it into smaller files, and upload it again.`,
  cells: (kind: DocumentKind, cells: number) =>
    `This ${KIND_NAMES[kind]} has more than ${count(cells)} cells. Please remove the rows, columns or sheets you do not need, or split it into smaller files, and upload it again.`,
} as const;

const RESAVE_PDF =
  'If it is a real document, please save it as a new PDF (for example with “Print to PDF”) or split it into smaller files, and upload it again.';

const SPLIT_OFFICE: Record<DocumentKind, string> = {
  pdf: '',
  docx: 'Please remove large images or split it into smaller documents, and upload it again.',
  doc: 'Please remove large images or split it into smaller documents, and upload it again.',
  xlsx: 'Please remove the data or images you do not need, or split it into smaller files, and upload it again.',
  xls: 'Please remove the data or images you do not need, or split it into smaller files, and upload it again.',
  csv: '',
  txt: '',
};

/** 1,048,576 → "1 MB", 204,800 → "200 KB" */
function size(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** 10,000,000 → "10 million", 2000 → "2,000" */
function count(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000} million`;
  return n.toLocaleString('en-US');
}

const KIND_NAMES: Record<DocumentKind, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  doc: 'Word document',
  xlsx: 'Excel file',
  xls: 'Excel file',
  csv: 'CSV file',
  txt: 'text file',
};

export function tooLarge(maxBytes: number): ExtractionError {
  const mb = maxBytes / (1024 * 1024);
  const label = Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
  return new ExtractionError('PAYLOAD_TOO_LARGE', `File size must be less than ${label}MB`);
}

export function unsupported(): ExtractionError {
  return new ExtractionError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupported);
}

export function invalid(message: string): ExtractionError {
  return new ExtractionError('VALIDATION_ERROR', message);
}

/**
 * a file stopped by one of EXTRACTION_LIMITS: PAYLOAD_TOO_LARGE (413) for too much real content,
 * VALIDATION_ERROR (422) otherwise
 */
export function overLimit(
  code: 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR',
  message: string,
): ExtractionError {
  return new ExtractionError(code, message, true);
}

export function damaged(kind: DocumentKind): ExtractionError {
  return invalid(`This ${KIND_NAMES[kind]} appears to be damaged and could not be read.`);
}
