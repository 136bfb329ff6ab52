import { readFileSync } from 'node:fs';

/**
 * A two-page course syllabus as a real PDF (BIO 210: Cell Biology, grading, exams, textbook),
 * committed beside this file, for journeys that upload one. The e2e journeys never import API
 * source, so the file is read from disk.
 */
export function syllabusPdf(): Buffer {
  return readFileSync(new URL('./syllabus.pdf', import.meta.url));
}
