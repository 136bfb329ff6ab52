/**
 * The course fact sheet, read from a document's text at ingest.
 *
 * The text is read once into lines (`document.ts`); then one reader per kind of fact
 * (`readers/`) reads its facts from those lines, each on its own, in this order. General parsing
 * of how syllabi are written: labelled lines ("Office: THM 216"), table cells with their column
 * and row headers, headings above lists and paragraphs, and the label vocabulary in
 * `patterns.ts`. Pure and deterministic: the same text always gives the same facts, in order.
 */
import { readDocument } from './document.ts';
import type { Fact } from './fact.ts';
import { readAccommodations } from './readers/accommodations.ts';
import { readExams } from './readers/exams.ts';
import { readGradeScale } from './readers/grade-scale.ts';
import { readGrading } from './readers/grading.ts';
import { readKeyDates } from './readers/key-dates.ts';
import { readMeetings } from './readers/meetings.ts';
import { readPolicies } from './readers/policies.ts';
import { readRequirements } from './readers/requirements.ts';
import { readSoftware } from './readers/software.ts';
import { readStaff } from './readers/staff.ts';
import { readTexts } from './readers/texts.ts';

export type { Fact } from './fact.ts';

/** Each reader gives the facts of its kinds; no two readers give facts of one kind. */
const READERS = [
  readStaff,
  readMeetings,
  readRequirements,
  readTexts,
  readSoftware,
  readGrading,
  readGradeScale,
  readExams,
  readKeyDates,
  readPolicies,
  readAccommodations,
];

/** The facts a document states: by kind (in the readers' order), each kind in document order. */
export function extractFacts(text: string): Fact[] {
  const lines = readDocument(text);
  return READERS.flatMap((read) => read(lines));
}
