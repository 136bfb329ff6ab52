import type { FactKind } from '@app/contracts';

/**
 * The kinds of extracted course fact the assistant may state as its own answer without a language
 * model (decision 013): those whose precision, measured on at least 20 hand-checked facts, is at
 * least 97%. A fact of any other kind is shown as a quotation of the passage it was read from; a
 * fact the teacher added, corrected or confirmed is stated whatever its kind.
 *
 * Measured by hand on 330 extracted facts of the 34 courses of the shared eval corpus, drawn by a
 * seeded sample stratified by kind (`eval/fact-labels.json`; `npm run facts:report` prints the
 * table against the extractor of the day, and scripts/fact-precision.test.ts holds this list to
 * the labels). Correct / labelled on 2026-11-27:
 *
 *   corequisite      1/1   100.0%  (one fact in the whole corpus: too few to measure)
 *   prerequisite    20/21   95.2%
 *   grading         31/33   93.9%
 *   software        30/32   93.8%
 *   grade_scale     42/45   93.3%
 *   meeting         23/25   92.0%
 *   staff           37/42   88.1%
 *   exam            19/25   76.0%
 *   key_date        19/26   73.1%
 *   text            18/25   72.0%
 *   policy          21/30   70.0%
 *   accommodations  17/25   68.0%
 *   all            278/330  84.2%
 *
 * Change this list only with the labels: re-label what `npm run facts:report` lists as stale
 * after a change to the extractor, and the test tells which kinds cross the line.
 */
export const STATED_FACT_KINDS: readonly FactKind[] = [];

const stated = new Set<FactKind>(STATED_FACT_KINDS);

/** Whether a fact of this kind may be stated as the assistant's answer (else it is quoted). */
export function isStatedKind(kind: FactKind): boolean {
  return stated.has(kind);
}
