import { type DocumentKind, MESSAGES, invalid, unsupported, damaged } from './errors.ts';
import { OLE_MAGIC, readOleStreamNames } from './ole.ts';
import { EXTRACTION_LIMITS } from './limits.ts';
import { type ZipLimits, ZipFormatError, ZipTooLargeError, readZipDirectory } from './zip.ts';

export const ALL_KINDS: readonly DocumentKind[] = [
  'pdf',
  'docx',
  'doc',
  'xlsx',
  'xls',
  'csv',
  'txt',
];

export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** The lower-cased extension of the last path segment; the name is never used as a path. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0
    ? base
        .slice(dot + 1)
        .trim()
        .toLowerCase()
    : '';
}

const WINDOWS_1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Text: no NUL bytes, no binary control characters, valid UTF-8 or plausible Windows-1252.
 * `more`: `data` is only the file's start (a character may be cut at its end).
 */
function looksLikeText(data: Buffer, more = false): boolean {
  const sample = data.subarray(0, 64 * 1024);
  if (data.indexOf(0) !== -1) return false;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      return false;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, {
      stream: more || data.length > sample.length,
    });
    return true;
  } catch {
    for (const byte of sample) if (WINDOWS_1252_UNDEFINED.has(byte)) return false;
    return true;
  }
}

function pdfHeaderAt(data: Buffer): boolean {
  const idx = data.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1');
  return idx !== -1;
}

/** Bytes of a file's start that show its signature (a PDF's header may sit up to 1 KB in). */
export const SIGNATURE_BYTES = 1024;

/**
 * What the start of a file already tells, before the rest is read or anything is stored: throws
 * `unsupported()` when it cannot be an accepted kind under its name (an extension not accepted; a
 * PNG named .pdf; text named .docx; binary named .txt). `start` is the file's first
 * SIGNATURE_BYTES, or the whole file when it is shorter (`whole`). Passing says nothing more: the
 * whole file is typed again when it is read (`detectKind`: zip directories, OLE streams, damage).
 */
export function refuseByStart(start: Buffer, fileName: string, whole: boolean): void {
  const ext = extensionOf(fileName);
  if (!(ALL_KINDS as readonly string[]).includes(ext)) throw unsupported();
  if (pdfHeaderAt(start)) {
    if (ext !== 'pdf') throw unsupported();
  } else if (start.length >= 4 && start.readUInt32LE(0) === 0x04034b50) {
    if (ext !== 'docx' && ext !== 'xlsx') throw unsupported();
  } else if (start.length >= 8 && start.subarray(0, 8).equals(OLE_MAGIC)) {
    // a password-protected DOCX or XLSX is an OLE file too: refused later with its own message
    if (ext === 'pdf' || ext === 'txt' || ext === 'csv') throw unsupported();
  } else if (ext === 'txt' || ext === 'csv') {
    if (!looksLikeText(start, !whole)) throw unsupported();
  } else {
    throw unsupported();
  }
}

/**
 * Decides the document kind from magic bytes AND extension, and rejects zip bombs from
 * the central directory before anything is inflated.
 */
export function detectKind(
  data: Buffer,
  fileName: string,
  allowed: readonly DocumentKind[] = ALL_KINDS,
  limits: ZipLimits = EXTRACTION_LIMITS,
): DocumentKind {
  const ext = extensionOf(fileName);
  const kind = resolveKind(data, ext, limits);
  if (!allowed.includes(kind)) throw unsupported();
  return kind;
}

function resolveKind(data: Buffer, ext: string, limits: ZipLimits): DocumentKind {
  if (pdfHeaderAt(data)) {
    if (ext === 'pdf') return 'pdf';
    throw unsupported();
  }
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) {
    if (ext !== 'docx' && ext !== 'xlsx') throw unsupported();
    let names: string[];
    try {
      names = readZipDirectory(data, limits).map((e) => e.name);
    } catch (err) {
      if (err instanceof ZipTooLargeError) throw invalid(MESSAGES.zipBomb);
      if (err instanceof ZipFormatError) throw damaged(ext);
      throw err;
    }
    if (ext === 'docx' && names.includes('word/document.xml')) return 'docx';
    if (ext === 'xlsx' && names.includes('xl/workbook.xml')) return 'xlsx';
    throw unsupported();
  }
  if (data.length >= 8 && data.subarray(0, 8).equals(OLE_MAGIC)) {
    const names = readOleStreamNames(data);
    if (ext === 'docx' || ext === 'xlsx' || ext === 'doc' || ext === 'xls') {
      if (names?.includes('EncryptedPackage')) throw invalid(MESSAGES.password);
    }
    if (ext === 'doc' && (names === null || names.includes('WordDocument'))) return 'doc';
    if (ext === 'xls' && (names === null || names.includes('Workbook') || names.includes('Book'))) {
      return 'xls';
    }
    throw unsupported();
  }
  if ((ext === 'txt' || ext === 'csv') && looksLikeText(data)) return ext;
  throw unsupported();
}
