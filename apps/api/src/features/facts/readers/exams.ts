/**
 * Exams: each exam's date (labelled, or a dated line or schedule row naming it) and format
 * ("The final exam will be multiple choice and closed book").
 */
import { DATE, EXAM_FORMAT, EXAM_NAME } from '../patterns.ts';
import { sentences } from '../text.ts';
import type { DocLine } from '../document.ts';
import { DATED_LINE_MAX_WORDS, Facts, words, type Fact } from '../fact.ts';

export function examSubject(name: string): string {
  const n = name.replace(/\s+/g, ' ').trim().toLowerCase();
  const num = /(\d|i{1,3}|one|two|three)$/.exec(n)?.[1];
  const ord: Record<string, string> = { i: '1', ii: '2', iii: '3', one: '1', two: '2', three: '3' };
  const number = num ? (ord[num] ?? num) : null;
  if (/mid-?term/.test(n)) return number ? `Midterm ${number}` : 'Midterm exam';
  if (/final/.test(n)) return 'Final exam';
  if (/test/.test(n)) return number ? `Test ${number}` : 'Test';
  if (/concert/.test(n)) return 'Final concert';
  return number ? `Exam ${number}` : 'Exam';
}

function dateIn(text: string): string | null {
  const m = DATE.exec(text);
  if (!m) return null;
  // keep a time given right after the date ("May 1, 2017, 10:00am-12:00pm")
  const rest = text.slice(m.index + m[0].length);
  const time =
    /^[,\s@at]*((?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?\s*(?:-|–|to)\s*)?\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?m\.?)/i.exec(
      rest,
    );
  return time ? `${m[0]}, ${time[1]}` : m[0];
}

/**
 * The dated parts of a line: the line, or its sentences when it is long; a table row's date is
 * in one of its cells. `sentence`: the part when it is not the whole line.
 */
export function datedUnits(line: DocLine): { unit: string; date: string; sentence?: string }[] {
  if (line.kind === 'heading' || line.listedUnder) return [];
  // a short line is one unit, unless its sentences give different dates ("Midterm 1 is on
  // October 9. Midterm 2 is on November 13.")
  const whole =
    line.cells ||
    (words(line.text) <= DATED_LINE_MAX_WORDS &&
      (line.text.match(new RegExp(DATE.source, 'gi')) ?? []).length < 2);
  const units = whole ? [line.text] : sentences(line.text);
  return units.flatMap((unit) => {
    if (words(unit) > DATED_LINE_MAX_WORDS) return [];
    const date = line.cells ? line.cells.map((c) => dateIn(c.text)).find(Boolean) : dateIn(unit);
    return date ? [{ unit, date, sentence: unit === line.text ? undefined : unit }] : [];
  });
}

export function readExams(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  for (const line of lines) {
    for (const { field, label, value } of line.parts)
      if (field === 'exam' && value && DATE.test(value))
        out.add(line, 'exam', examSubject(label), 'date', value);
    for (const { unit, date, sentence } of datedUnits(line)) {
      const exam = EXAM_NAME.exec(unit);
      if (exam) out.add(line, 'exam', examSubject(exam[0]), 'date', date, sentence);
    }
    if (line.kind === 'heading' || line.listedUnder || line.cells) continue;
    for (const s of sentences(line.text)) {
      if (words(s) > DATED_LINE_MAX_WORDS || !EXAM_FORMAT.test(s)) continue;
      const name = EXAM_NAME.exec(s)?.[0];
      if (!name && !(/\b(?:exams?|midterms?|tests?)\b/i.test(s) || line.topics.has('exam')))
        continue;
      const subject = name ? examSubject(name) : /\bfinal\b/i.test(s) ? 'Final exam' : 'Exams';
      out.add(line, 'exam', subject, 'format', s, s);
    }
  }
  return out.list;
}
