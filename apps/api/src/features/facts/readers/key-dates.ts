/** Key dates: what happens on a date that is not an exam (a deadline, a break, no class). */
import { DATE, EXAM_NAME, KEY_DATE_CUE } from '../patterns.ts';
import type { DocLine } from '../document.ts';
import { cut, Facts, words, type Fact } from '../fact.ts';
import { datedUnits } from './exams.ts';

/** Parts of a schedule row or line: its cells, clauses between dashes, semicolons, sentences. */
const ROW_PART = /\s+[–—|]\s+|\s+-\s+|(?<=[.!?])\s+(?=[A-Z])/;
/** A key date's label is a phrase: a longer part of a row is the week's topics. */
const KEY_DATE_LABEL_MAX_WORDS = 12;
/** A line with this many dates that is not a table is a schedule flattened into one run of text. */
const FLATTENED_DATES = 3;

function keyDateLabel(text: string, date: string): string {
  return cut(
    text
      .replace(date, ' ')
      .replace(DATE, ' ')
      .replace(/^\s*(?:week\s*)?\d{1,2}\s*[–-]?\s*/i, '')
      .replace(/\s*\|\s*/g, ' – ')
      .replace(/\(\s*\)/g, ' ')
      .replace(/\s+([.,;:])/g, '$1')
      .replace(/\s+/g, ' ')
      .replace(/^[\s,:;–—-]+|[\s,:;–—-]+$/g, ''),
    120,
  );
}

/** The part of a dated row that says what happens ("Assignment 1 due at the start of class"). */
function keyDatePart(label: string): string | null {
  const all = label.split(ROW_PART);
  if (all.length === 1) return label;
  const part = all.find((p) => KEY_DATE_CUE.test(p))?.trim();
  return part && words(part) <= KEY_DATE_LABEL_MAX_WORDS ? part : null;
}

export function readKeyDates(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  for (const line of lines) {
    const dates = line.cells ? 0 : (line.text.match(new RegExp(DATE.source, 'gi')) ?? []).length;
    if (dates >= FLATTENED_DATES) continue;
    for (const { unit, date, sentence } of datedUnits(line)) {
      if (EXAM_NAME.test(unit) || !KEY_DATE_CUE.test(unit)) continue;
      const whole = keyDateLabel(unit, date);
      const part = words(whole) <= KEY_DATE_LABEL_MAX_WORDS ? whole : keyDatePart(whole);
      // "This assignment is due …" under "Essay 2": the heading says what "this" is
      const label =
        part && line.heading && /^(?:this|it)\b/i.test(part) ? `${line.heading}: ${part}` : part;
      if (label && /[a-z]/i.test(label)) out.add(line, 'key_date', label, 'date', date, sentence);
    }
  }
  return out.list;
}
