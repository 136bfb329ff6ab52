import { EXCERPT_MARK, excerptText, type ExcerptBlock } from '@app/contracts';
import type { FactSheetEntry } from '../facts/facts.service.ts';
import { clip, MAX_ANSWER_CHARS } from './clip.ts';
import { plain, type Unit } from './units.ts';

/**
 * An excerpt reply (kind `excerpt`, decision 013): the material quoted for the student to read, the
 * unit the engine found best marked, each quotation's document and section named
 * (`excerptText` in the contracts). At most two quotations, the best first.
 */

/**
 * The characters of material an excerpt quotes, all quotations together: with the lines naming
 * their sources, the reply stays within the 700 characters the evaluation allows an answer
 * (docs/evaluation.md), and a student reads it at a glance.
 */
export const EXCERPT_QUOTE_CHARS = 600;

/** Below this a quotation says too little to be worth reading: a unit alone is clipped instead. */
const MIN_QUOTE_CHARS = 120;

/** A heading that names the document, not a section ("Philosophy 363 — Syllabus"). */
const DOCUMENT_TITLE = /\b(syllabus|table of contents|contents|course outline)\b/i;

type Source = { title: string; contentType: string; contentId: string };

/** "the syllabus", or the item's title in quotation marks. */
const documentName = (s: Source) =>
  s.contentType === 'syllabus' ? 'the syllabus' : `“${s.title}”`;

/** The section a unit is in: its passage's heading, unless that names the document. */
function sectionOf(unit: Unit): string | undefined {
  const heading = unit.passage.heading
    ? plain(unit.passage.heading.replace(/^#+\s*|\s*#+$/g, ''))
    : undefined;
  return heading && !DOCUMENT_TITLE.test(heading) ? heading : undefined;
}

const about = (section: string | undefined) => (section ? ` about ${section}` : '');

/** The line naming where a quotation comes from. */
function leadOf(source: Source, section: string | undefined, first: Source | null): string {
  if (!first) return `Here is what ${documentName(source)} says${about(section)}:`;
  if (first.contentId === source.contentId) return `And${section ? ` about ${section}` : ''}:`;
  return `And here is what ${documentName(source)} says${about(section)}:`;
}

/** A unit as a student reads it: a table row beside its header's names when they line up. */
export function shownText(unit: Unit): string {
  if (unit.kind !== 'row') return unit.text;
  const header = unit.header?.split(' | ');
  const cells = unit.text.split(' | ');
  if (!header || header.length !== cells.length || header.length < 2)
    return `${unit.text}.`.replace(/ \| /g, ', ');
  return `${cells.map((c, i) => `${header[i]}: ${c}`).join(', ')}.`;
}

const marked = (text: string) => `${EXCERPT_MARK}${text}${EXCERPT_MARK}`;

/** A source line as a reader reads it: a table row's cells in a sentence, not between bars. */
function lineAsText(line: string): string {
  const text = plain(line);
  if (!/(^\||\|$| \| )/.test(text)) return text;
  const cells = text
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  return `${cells.join(', ')}.`;
}

/**
 * The quoted lines of `units` (in reading order), `best` marked: sentences run on as a paragraph,
 * list items and table rows each on a line of their own, and a label ("Office Hours:") above the
 * units it names when it is not already the section.
 */
function quoteOf(units: Unit[], best: Unit, budget: number): string {
  const lines: string[] = [];
  let paragraph: string[] = [];
  let label: string | undefined = sectionOf(best);
  const endParagraph = () => {
    if (paragraph.length) lines.push(paragraph.join(' '));
    paragraph = [];
  };
  const quoted = new Set(units.map((u) => u.text));
  for (const unit of units) {
    const own = unit.context[0];
    if (own && own !== label && !quoted.has(own)) {
      endParagraph();
      lines.push(`${own.replace(/[:\s]+$/, '')}:`);
    }
    label = own ?? label;
    const text =
      unit === best ? marked(clip(shownText(unit), budget)) : clip(shownText(unit), budget);
    if (unit.kind === 'sentence') paragraph.push(text);
    else {
      endParagraph();
      lines.push(unit.kind === 'item' ? `- ${text}` : text);
    }
  }
  endParagraph();
  return lines.join('\n');
}

/** The characters a reader reads of these units: the budget is spent on text, not marks. */
const lengthOf = (units: Unit[]) => units.reduce((sum, u) => sum + shownText(u).length + 1, 0);

/**
 * `anchor`, the units the engine chose with it in its passage (`with`), and the units around them,
 * within `budget` characters: whole units only, one after and one before in turn, as a reader
 * would see them in the document. The chosen ones are kept while they fit.
 */
function windowAround(anchor: Unit, withUnits: Unit[], all: Unit[], budget: number): Unit[] {
  const inPassage = all
    .filter((u) => u.passage === anchor.passage)
    .sort((a, b) => a.order - b.order);
  let start = inPassage.indexOf(anchor);
  let end = start + 1;
  // the other units the engine chose in this passage, nearest first, while they fit
  const chosen = withUnits
    .filter((u) => u !== anchor && u.passage === anchor.passage)
    .sort((a, b) => Math.abs(a.order - anchor.order) - Math.abs(b.order - anchor.order));
  for (const unit of chosen) {
    const at = inPassage.indexOf(unit);
    const from = Math.min(start, at);
    const to = Math.max(end, at + 1);
    if (at >= 0 && lengthOf(inPassage.slice(from, to)) <= budget) {
      start = from;
      end = to;
    }
  }
  let before = false;
  for (let grown = true; grown; before = !before) {
    grown = false;
    const candidate = before ? inPassage[start - 1] : inPassage[end];
    if (candidate && lengthOf(inPassage.slice(start, end)) + lengthOf([candidate]) <= budget) {
      if (before) start -= 1;
      else end += 1;
      grown = true;
    } else {
      // try the other side once before stopping
      const other = before ? inPassage[end] : inPassage[start - 1];
      if (other && lengthOf(inPassage.slice(start, end)) + lengthOf([other]) <= budget) {
        if (before) end += 1;
        else start -= 1;
        grown = true;
      }
    }
  }
  return inPassage.slice(start, end);
}

const sourceOf = (u: Unit): Source => ({
  title: u.passage.title,
  contentType: u.passage.contentType,
  contentId: u.passage.contentId,
});

/**
 * The excerpt of the material around the best unit: its passage quoted around it, and a second
 * passage when a unit the engine chose beside it (`chosen`) lies in another one.
 */
export function excerptOfUnits(best: Unit, chosen: Unit[], all: Unit[]): string {
  const second = chosen.find((u) => u !== best && u.passage !== best.passage);
  const anchors = second ? [best, second] : [best];
  const compose = (budget: number) => {
    const blocks: ExcerptBlock[] = [];
    let first: Source | null = null;
    for (const anchor of anchors) {
      const source = sourceOf(anchor);
      blocks.push({
        lead: leadOf(source, sectionOf(anchor), first),
        quote: quoteOf(windowAround(anchor, chosen, all, budget), anchor, budget),
      });
      first ??= source;
    }
    return excerptText(blocks);
  };
  // the leads, labels and marks take room too: quote less until the whole reply fits
  let budget = Math.floor(EXCERPT_QUOTE_CHARS / anchors.length);
  let text = compose(budget);
  while (text.length > MAX_ANSWER_CHARS && budget > MIN_QUOTE_CHARS) {
    budget -= Math.max(10, Math.ceil((text.length - MAX_ANSWER_CHARS) / anchors.length));
    text = compose(budget);
  }
  return text.length > MAX_ANSWER_CHARS ? clip(text, MAX_ANSWER_CHARS) : text;
}

/**
 * The excerpt for facts the assistant does not state as its own (their kind is not read precisely
 * enough): the lines they were read from, marked, under the document they come from.
 */
export function excerptOfFacts(facts: FactSheetEntry[], subject: string): string {
  const byContent = new Map<string, FactSheetEntry[]>();
  for (const f of facts) {
    const key = f.contentId ?? f.id;
    byContent.set(key, [...(byContent.get(key) ?? []), f]);
  }
  const groups = [...byContent.values()].slice(0, 2);
  const budget = Math.floor(EXCERPT_QUOTE_CHARS / groups.length);
  let first: Source | null = null;
  const blocks = groups.map((group) => {
    const source: Source = {
      title: group[0]!.contentTitle ?? 'Course material',
      contentType: group[0]!.contentType ?? 'content',
      contentId: group[0]!.contentId ?? group[0]!.id,
    };
    const lines = [
      ...new Set(group.map((f) => lineAsText(f.sourceText ?? `${f.subject}: ${f.value}`))),
    ];
    const quote = lines
      .map((line) => marked(clip(line, Math.floor(budget / lines.length))))
      .join('\n');
    const block = { lead: leadOf(source, subject, first), quote };
    first ??= source;
    return block;
  });
  return excerptText(blocks);
}
