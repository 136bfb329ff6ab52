import { isBodyTitle } from '../extraction/index.ts';
import type { Passage } from '../retrieval/retrieval.service.ts';

/**
 * The smallest pieces an answer is made of: a sentence, a list item or a table row. Each keeps the
 * context a reader would use to understand it — the label above it ("Midterm Exams", "Textbooks
 * (required):"), the sentence that introduces its list ("Midterms will be held on the following
 * dates:"), or its table's header row — because the words of a question are often there and not in
 * the piece itself.
 */
export type Unit = {
  text: string;
  kind: 'sentence' | 'item' | 'row';
  /** label, list lead-in or table header: matched like the text, but weighs less */
  context: string[];
  /** a table row's header row, when it has one */
  header?: string;
  /** the few units just before it in the passage: "Instructor: Dr Casper" above "Office hours: …" */
  before: string[];
  passage: Passage;
  order: number;
};

/** A full stop after these is not the end of a sentence ("due Feb. 17", "Dr. Lopez", "Rm. 48"). */
const ABBREVIATION =
  /\b(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|dr|prof|mr|mrs|ms|st|rm|no|vs|etc|e\.g|i\.e|approx|dept|ch|sec|fig|pp|vol|[a-z])\.$/i;

const LIST_ITEM = /^([-*•+]|\d{1,2}[.)]|[a-z][.)])\s+/;
/** a markdown table rule (`|---|:--:|`) or a pandoc one (`------- ----`) */
const TABLE_RULE = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{2,}:?\s*|\s+-{2,}\s*)*\|?$/;
const FENCE = /^[-=]{3,}(\s+[-=]{2,})*$/;
const BOLD_LINE = /^(\*\*|__)([^*_]{2,80})\1:?$/;

/** Markdown and HTML marks a reader does not see: emphasis, code ticks, tags, escapes. */
export function plain(text: string): string {
  return text
    .replace(/<a\b[^>]*>(.*?)<\/a>/gi, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '$1 ($2)')
    .replace(/\\([%$#&_*[\]()-])/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\$([-+]?\d+(\.\d+)?)\$/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function sentences(paragraph: string): string[] {
  const out: string[] = [];
  for (const piece of paragraph.split(/(?<=[.!?])\s+(?=[A-Z0-9("'*])/)) {
    const last = out.length - 1;
    if (last >= 0 && ABBREVIATION.test(out[last]!)) out[last] = `${out[last]} ${piece}`;
    else out.push(piece);
  }
  return out;
}

const cells = (row: string) =>
  row
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => plain(c))
    .filter((c) => c !== '');

/** A short line ending in a colon, standing alone: it names what follows. */
function labelOf(line: string): string | null {
  const bold = BOLD_LINE.exec(line);
  if (bold) return plain(bold[2]!).replace(/:$/, '');
  if (line.endsWith(':') && line.split(/\s+/).length <= 8 && !LIST_ITEM.test(line))
    return plain(line.slice(0, -1));
  return null;
}

/** Splits one retrieved passage into units, in reading order, numbered from `start`. */
export function unitsOf(passage: Passage, start: number): Unit[] {
  const out: Unit[] = [];
  let label: string | null = null;
  let leadIn: string | null = null;
  let header: string | null = null;
  let rows = 0;
  /** inside a pandoc table: 'rule' closes at the next rule, 'blank' at the next blank line */
  let fence: 'rule' | 'blank' | null = null;
  let paragraph: string[] = [];
  let item: string[] = [];

  const push = (
    text: string,
    kind: Unit['kind'],
    context: (string | null)[],
    tableHeader?: string,
  ) => {
    const clean = plain(text);
    if (clean.length < 3) return;
    out.push({
      text: clean,
      kind,
      context: context.filter((c): c is string => !!c),
      ...(tableHeader ? { header: tableHeader } : {}),
      before: out.slice(-3).map((u) => u.text),
      passage,
      order: start + out.length,
    });
  };
  const flushItem = () => {
    if (item.length) push(item.join(' '), 'item', [label, leadIn]);
    item = [];
  };
  const flush = () => {
    flushItem();
    if (paragraph.length === 0) return;
    const text = paragraph.join(' ');
    const lines = paragraph.length;
    paragraph = [];
    // "Textbook" alone on its line names what follows, as a heading would
    if (lines === 1 && isBodyTitle(plain(text))) {
      label = plain(text);
      leadIn = null;
      return;
    }
    const parts = sentences(text);
    for (const s of parts) push(s, 'sentence', [label]);
    // "…on the following dates:" introduces the list below it
    leadIn = text.trim().endsWith(':') ? plain(parts[parts.length - 1]!) : null;
  };
  const endTable = () => {
    header = null;
    rows = 0;
    fence = null;
  };
  const row = (text: string) => {
    push(text, 'row', [label, leadIn, header], header ?? undefined);
    rows += 1;
  };

  for (const raw of passage.body.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      if (fence !== 'rule') endTable();
      continue;
    }
    if (/^#{1,6}\s/.test(line)) {
      flush();
      endTable();
      label = plain(line.replace(/^#+\s*|\s*#+$/g, ''));
      leadIn = null;
      continue;
    }
    if (FENCE.test(line)) {
      // pandoc tables: [rule] header rule rows… (rule | blank line)
      if (fence && rows > 0) {
        flush();
        endTable();
      } else if (!fence) {
        flushItem();
        const headerLine = paragraph.length === 1 ? paragraph.pop()! : null;
        flush();
        header = headerLine ? plain(headerLine) : null;
        fence = headerLine ? 'blank' : 'rule';
      } else if (paragraph.length > 2) {
        // rule, rows, rule: a table with no header
        for (const r of paragraph.splice(0)) row(r);
        endTable();
      } else if (paragraph.length) {
        header = plain(paragraph.join(' '));
        paragraph = [];
      }
      continue;
    }
    if (TABLE_RULE.test(line)) continue; // under a markdown header row
    if (line.includes(' | ') || (line.startsWith('|') && line.endsWith('|'))) {
      flush();
      const text = cells(line).join(' | ');
      if (!text) continue;
      if (rows === 0 && header === null) {
        header = text;
        push(text, 'row', [label, leadIn]);
        rows += 1;
      } else row(text);
      continue;
    }
    if (fence) {
      // inside a pandoc table each line is a row, except a header between its rules
      if (rows === 0 && fence === 'rule') paragraph.push(line);
      else {
        if (paragraph.length) {
          row(paragraph.join(' '));
          paragraph = [];
        }
        row(line);
      }
      continue;
    }
    const newLabel = labelOf(line);
    if (newLabel !== null) {
      flush();
      endTable();
      label = newLabel;
      leadIn = null;
      continue;
    }
    if (LIST_ITEM.test(line)) {
      flush();
      item = [line.replace(LIST_ITEM, '')];
      continue;
    }
    if (item.length)
      item.push(line); // a list item wrapped over several lines
    else paragraph.push(line);
  }
  flush();
  return out;
}
