export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'csv' | 'txt';

export type ExtractionStatus = 413 | 415 | 422;
export type ExtractionCode = 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_ERROR';

/** status 413 | 415 | 422 and a message fit to show a teacher */
export class ExtractionError extends Error {
  constructor(
    readonly status: ExtractionStatus,
    readonly code: ExtractionCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
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
} as const;

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
  return new ExtractionError(413, 'PAYLOAD_TOO_LARGE', `File size must be less than ${label}MB`);
}

export function unsupported(): ExtractionError {
  return new ExtractionError(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupported);
}

export function invalid(message: string): ExtractionError {
  return new ExtractionError(422, 'VALIDATION_ERROR', message);
}

export function damaged(kind: DocumentKind): ExtractionError {
  return invalid(`This ${KIND_NAMES[kind]} appears to be damaged and could not be read.`);
}
