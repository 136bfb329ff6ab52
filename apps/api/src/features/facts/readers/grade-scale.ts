/** The grade scale: each letter's range, from a table or a list of three letters or more. */
import { LETTER, RANGE } from '../patterns.ts';
import type { DocLine } from '../document.ts';
import { DATED_LINE_MAX_WORDS, Facts, words, type Fact } from '../fact.ts';

/** A grade scale has several letters; fewer matches are stray "A 10" pairs in prose. */
const MIN_SCALE_ENTRIES = 3;

const LETTER_THEN_RANGE = new RegExp(
  `(?:^|[\\s(|;,])(${LETTER})\\s*(?:[:=|]\\s*|\\s+)(${RANGE})(?=$|[\\s;,.|)])`,
  'g',
);
const RANGE_THEN_LETTER = new RegExp(
  `(?:^|[\\s(|;,])(${RANGE})\\s*(?:[:=|]\\s*|\\s+|(?<=[\\])]))(${LETTER})(?=$|[\\s;,.|])`,
  'g',
);

function normalLetter(l: string): string {
  return l.replace(/[−–]/, '-');
}

function isScore(range: string): boolean {
  const nums = range.match(/\d+(?:\.\d+)?/g) ?? [];
  return nums.length > 0 && nums.every((n) => Number(n) <= 100) && !/^\d{1,2}$/.test(range.trim());
}

type ScaleEntry = { letter: string; range: string; line: DocLine };

function scaleEntries(line: DocLine): ScaleEntry[] {
  const out: ScaleEntry[] = [];
  if (words(line.text) > DATED_LINE_MAX_WORDS) return out;
  // a table whose header row is letters: each cell is that letter's range
  for (const c of line.cells ?? []) {
    if (
      c.column &&
      new RegExp(`^${LETTER}$`).test(c.column) &&
      isScore(c.text) &&
      /\d/.test(c.text)
    ) {
      out.push({ letter: normalLetter(c.column), range: c.text, line });
    }
  }
  if (out.length) return out;
  for (const m of line.text.matchAll(LETTER_THEN_RANGE)) {
    if (isScore(m[2]!)) out.push({ letter: normalLetter(m[1]!), range: m[2]!.trim(), line });
  }
  if (out.length) return out;
  for (const m of line.text.matchAll(RANGE_THEN_LETTER)) {
    if (isScore(m[1]!)) out.push({ letter: normalLetter(m[2]!), range: m[1]!.trim(), line });
  }
  return out;
}

export function readGradeScale(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  const entries = lines.flatMap((l) => (l.kind === 'heading' ? [] : scaleEntries(l)));
  if (new Set(entries.map((e) => e.letter)).size < MIN_SCALE_ENTRIES) return [];
  for (const e of entries)
    out.add(e.line, 'grade_scale', e.letter, 'range', e.range.replace(/\s+/g, ' '));
  return out.list;
}
