import type { DatedItem, DatedKind } from '@app/contracts';
import type { FactSheetEntry } from '../facts/facts.service.ts';
import { dayOf, type Term } from './calendar.ts';

/** A dated item with what answering needs of its source. */
export type DatedEntry = DatedItem & { fact: FactSheetEntry };

/** A key date that cancels class: a holiday, a break, no class, a closure. */
const NO_CLASS =
  /\b(no (class|classes|lecture|lab|meeting)|holiday|break|recess|cancel+ed|campus closed|university closed|no school|day off)\b/i;
/**
 * Something due (a deadline, a submission) and an exam or quiz, as an item's title or a
 * student's question names them (date-questions.ts reads questions with the same two).
 */
export const DUE = /\b(due|deadlines?|submit|submission|turn(ed)? in|hand(ed)? in)\b/i;
export const EXAM = /\b(exams?|midterms?|finals?|quiz(zes)?|tests?)\b/i;

/**
 * An exam named in a line, with what follows its name: "Mid-term Review", "Final exam prep",
 * "MIDTERM 1".
 */
const EXAM_MENTION =
  /\b(?:mid-?terms?|finals?|exams?|tests?|quiz(?:zes)?)\b(?:\s+(?:\d+|i{1,3}|exam|paper))*(\s+(?:review|prep(?:aration)?))?/gi;

/**
 * An exam fact read from a line that names the exam only with its review ("13 Mar. Mid-term
 * Review in class.") is the review, not the exam; a line naming the exam itself too ("MIDTERM 1 |
 * Midterm 1 Review") is the exam.
 */
function isReview(fact: Pick<FactSheetEntry, 'kind' | 'sourceText'>): boolean {
  if (fact.kind !== 'exam') return false;
  const mentions = [...(fact.sourceText ?? '').matchAll(EXAM_MENTION)];
  return mentions.length > 0 && mentions.every((m) => m[1] !== undefined);
}

export function datedKindOf(
  fact: Pick<FactSheetEntry, 'kind' | 'subject' | 'sourceText'>,
): DatedKind {
  if (isReview(fact)) return 'event';
  if (fact.kind === 'exam') return 'exam';
  if (NO_CLASS.test(fact.subject)) return 'no_class';
  if (DUE.test(fact.subject)) return 'due';
  if (EXAM.test(fact.subject)) return 'exam';
  return 'event';
}

/**
 * The class's dated items: its exam and key-date facts whose value names a day (the year from
 * the term), in date order. A fact naming no day ("TBA", "the last week of class") is left out.
 */
export function datedItemsOf(
  sheet: FactSheetEntry[],
  term: Term,
  fallbackYear: number,
): DatedEntry[] {
  const items: DatedEntry[] = [];
  for (const fact of sheet) {
    if ((fact.kind !== 'exam' && fact.kind !== 'key_date') || fact.attribute !== 'date') continue;
    const date = dayOf(fact.value, term, fallbackYear);
    if (!date) continue;
    items.push({
      id: fact.id,
      date,
      title: isReview(fact) ? `${fact.subject} review` : fact.subject,
      kind: datedKindOf(fact),
      when: fact.value,
      origin: fact.origin,
      source:
        fact.contentId === null
          ? null
          : {
              content_id: fact.contentId,
              content_title: fact.contentTitle ?? '',
              chunk_id: fact.chunkId,
              text: fact.sourceText ?? '',
            },
      fact,
    });
  }
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
}

/** An item as the API gives it (without its fact). */
export const toDatedItem = ({ fact: _fact, ...item }: DatedEntry): DatedItem => item;
