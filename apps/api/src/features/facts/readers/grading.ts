/**
 * Grading: each component's share of the grade ("Homework | 25%", "25% - Quizzes", "Reading
 * Quizzes 40%", a sentence or a flattened table listing the whole breakdown). Rules about
 * weights, rubric levels and letter-grade rows are not components.
 */
import {
  GRADING_HEADER,
  GRADING_RULE,
  LETTER,
  PERCENT,
  RUBRIC_LEVEL,
  topicsOf,
  type Topic,
} from '../patterns.ts';
import type { DocLine } from '../document.ts';
import { Facts, words, type Fact } from '../fact.ts';

/** A grading line names a component and its weight; longer lines are prose about grades. */
const GRADING_LINE_MAX_WORDS = 18;
const COMPONENT_MAX_WORDS = 9;
const COMPONENT = /^(?:\d{1,2}\s+)?[A-Za-z][^%|]*$/;
/** "A >", "B+ ≥": a grade-scale row, not a component */
const LETTER_ROW = new RegExp(`^${LETTER}(?:\\s*[<>≥≤=\\d.])*$`);
/** a component names a thing; a fragment starting with a preposition does not */
const FRAGMENT =
  /^(?:on|of|in|for|to|and|or|at|by|with|than|the following|(?:one|two|three|any|all|each) of)(?:\s|$)/i;
/** "Homework is worth", "Quizzes count for": the verb that joins a component to its weight */
const WEIGHT_VERB =
  /\s+(?:is|are|will be|counts?|accounts?|makes? up)(?:\s+(?:worth|for|weighted))?(?:\s+(?:at|as))?$/i;
/** "Exams – 3 @", "Midterm Exams: 2 at": how many there are, before each one's weight */
const COUNT_AT = /[\s:–—-]*\d+\s*(?:@|at|x|×)$/i;

function isComponent(label: string): boolean {
  const l = label.trim();
  return (
    l.length >= 3 &&
    words(l) <= COMPONENT_MAX_WORDS &&
    COMPONENT.test(l) &&
    !/\b(?:total|grade scale|scale|of (?:the|your) (?:final )?grade)\b/i.test(l) &&
    !LETTER_ROW.test(l) &&
    !FRAGMENT.test(l) &&
    !RUBRIC_LEVEL.test(l) &&
    !GRADING_RULE.test(l)
  );
}

/** A table's header run into its first row ("Description Weight Class Participation 16%"). */
const HEADER_RUN_IN =
  /^\p{L}+\s+(?:weight|weighting|percentage|percent|points|value)\s+(?=\p{Lu})/iu;

function cleanComponent(label: string): string {
  return label
    .replace(HEADER_RUN_IN, '')
    .replace(/^(?:the|your)\s+/i, '')
    .replace(/[\s:–—(-]+$/, '')
    .replace(/\s*\($/, '')
    .replace(WEIGHT_VERB, '')
    .replace(COUNT_AT, '')
    .trim();
}

/** The component a label names, or null when it is a rule, a rubric level or a fragment. */
function componentOf(label: string): string | null {
  const cleaned = cleanComponent(label);
  return isComponent(cleaned) ? cleaned : null;
}

/** A weight is a share of the grade: a whole (100% or more) is a rule or a rubric level. */
function isShare(weight: string): boolean {
  const pct = PERCENT.exec(weight);
  return !pct || Number(pct[1]) < 100;
}

const WEIGHT_AFTER = new RegExp(
  `^(.{3,90}?)\\s*(?:[:(|–—=]|\\s-\\s|\\.{2,})?\\s*(\\d{1,3}(?:\\.\\d+)?\\s*(?:%|percent\\b|points?\\b|pts\\b))`,
  'i',
);
/** "25% - Quizzes — …", "75% of final grade = Thesis", "- 85% Problem Sets. Each …" */
const WEIGHT_BEFORE =
  /^(\d{1,3}(?:\.\d+)?\s*%)\s*(?:of (?:the |your )?(?:final |course |total )?grade)?\s*(?:[:=–—-]\s*)?(?:for\s+)?([A-Za-z][^—–:.(=]{2,80}?)\s*(?:$|[—–:.(=]|\s-\s)/i;
/** A run of weights on one line is a whole breakdown: its percentages add up to this. */
const WHOLE = 100;
/** "Homework (25%)" items of a sentence listing the breakdown. */
const PARENTHESISED_WEIGHT = /([^,;()]+?)\s*\((\d{1,3}(?:\.\d+)?)\s*%[^)]*\)/g;
/** "In-class participation 20% Other assignments 30%": label, then weight, again and again. */
const RUN_WEIGHT = /(\S[^%]*?)\s*(\d{1,3}(?:\.\d+)?)\s*%/g;
/** The words before a listed component ("Grades will be based on five problem sets"). */
const LIST_LEAD =
  /^.*\b(?:based on|consists? of|made up of|comprised of|determined by|follows?:?)\s+/i;

function runParts(text: string, re: RegExp): { label: string; pct: number }[] | null {
  const parts: { label: string; pct: number }[] = [];
  for (const m of text.matchAll(re)) {
    const raw = m[1]!
      .trim()
      .replace(LIST_LEAD, '')
      .replace(/^\s*(?:,|;|and\b|&)\s*/i, '')
      .replace(/^(?:a|an)\s+/i, '');
    const label = parts.length === 0 ? raw.replace(GRADING_HEADER, '') : raw;
    if (/^total\b/i.test(label.trim())) continue;
    const component = componentOf(label);
    if (!component) return null;
    parts.push({ label: component, pct: Number(m[2]) });
  }
  return parts;
}

/**
 * Several weights on one line (a PDF table flattened, or a sentence listing the breakdown):
 * read as components only when every label names one and the percentages add up to a whole.
 * True when the line had such a run, or had several percentages that were not one (a table of
 * other numbers: attendance credit, a grade scale), so nothing else is read from it.
 */
function readWeightRun(out: Facts, line: DocLine): boolean {
  if (line.cells) return false;
  const text = line.text;
  const count = (text.match(/\d\s*%/g) ?? []).length;
  if (count < 3) return false;
  for (const re of [PARENTHESISED_WEIGHT, RUN_WEIGHT]) {
    const parts = runParts(text, re);
    if (!parts || parts.length < 3) continue;
    const sum = parts.reduce((n, p) => n + p.pct, 0);
    if (Math.abs(sum - WHOLE) > 0.5) continue;
    for (const p of parts) out.add(line, 'grading', p.label, 'weight', `${p.pct}%`);
    return true;
  }
  return words(text) <= GRADING_LINE_MAX_WORDS * 2;
}

/** "Reading Quizzes 40%": a short line that ends with its weight */
const SHORT_WEIGHT_LINE_MAX_WORDS = 8;

function readGradingLine(out: Facts, line: DocLine, topics: Set<Topic>) {
  const text = line.text;
  if (line.cells && readGradingRow(out, line, topics)) return;
  if (line.cells && line.cells.filter((c) => c.text).length > 2) return;
  const before = WEIGHT_BEFORE.exec(text.replace(/ \| /g, ' '));
  const beforeLabel = before ? componentOf(before[2]!.replace(/[.;]$/, '')) : null;
  if (!beforeLabel && readWeightRun(out, line)) return;
  if (before && beforeLabel && isShare(before[1]!)) {
    out.add(line, 'grading', beforeLabel, 'weight', before[1]!.replace(/\s+/g, ''));
    return;
  }
  if (words(text) > GRADING_LINE_MAX_WORDS && line.kind !== 'heading') return;
  // outside a grading section, prose is not a grading line unless it is label and weight alone
  const labelAndWeight =
    words(text) <= SHORT_WEIGHT_LINE_MAX_WORDS &&
    (/%\)?$/.test(text) || /^[A-Z][\w\s'’-]{2,60}\(\d{1,3}(?:\.\d+)?\s*%/.test(text));
  if (line.kind === 'text' && !topics.has('grading') && !labelAndWeight) return;
  const after = WEIGHT_AFTER.exec(text.replace(/ \| /g, ' '));
  if (!after) return;
  const weight = after[2]!;
  const isPoints = !/%|percent/i.test(weight);
  // points count as weights only inside a grading section
  if (isPoints && !topics.has('grading')) return;
  if (!PERCENT.test(weight) && !isPoints) return;
  if (!isShare(weight)) return;
  const label = componentOf(after[1]!);
  if (!label) return;
  out.add(
    line,
    'grading',
    label,
    'weight',
    weight.replace(/\s*%/, '%').replace(/\s*percent/i, '%'),
  );
}

const WEIGHT_COLUMN = /\b(?:weight|percent(?:age)?|%|share|points?|worth|value|marks?)\b/i;

/** A table row "Homework | 25%" (or points under a points column); true when it was one. */
function readGradingRow(out: Facts, line: DocLine, topics: Set<Topic>): boolean {
  const cells = line.cells!.filter((c) => c.text);
  if (cells.length < 2) return false;
  const label = componentOf(cells[0]!.text);
  if (!label) return false;
  for (const c of cells.slice(1)) {
    const pct = /^(\d{1,3}(?:\.\d+)?)\s*%$/.exec(c.text);
    const number = /^(\d{1,4}(?:\.\d+)?)(?:\s*(?:points?|pts))?$/i.exec(c.text);
    if (pct) {
      if (Number(pct[1]) < 100) out.add(line, 'grading', label, 'weight', `${pct[1]}%`);
      return true;
    }
    if (number && (WEIGHT_COLUMN.test(c.column ?? '') || topics.has('grading'))) {
      const unit = /%/.test(c.column ?? '') ? '%' : ' points';
      out.add(line, 'grading', label, 'weight', `${number[1]}${unit}`);
      return true;
    }
  }
  return false;
}

export function readGrading(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  for (const line of lines) {
    if (line.personHeading || line.listedUnder) continue;
    // a heading is read under its own topics ("Participation (10%)" under "Grading" or not)
    readGradingLine(out, line, line.kind === 'heading' ? topicsOf(line.text) : line.topics);
  }
  return out.list;
}
