/**
 * The document model the fact extractor reads: lines with their kind (heading, list item, table
 * row, text), markdown removed, and the section (nearest heading) each sits in. Pure functions.
 */
import { isPersonName, LEADING_LABEL_RE } from './patterns.ts';
import { findTables, type TableCell } from './tables.ts';

type LineKind = 'heading' | 'item' | 'row' | 'text';

export type Line = {
  /** the line(s) as written: what a fact quotes as its source */
  raw: string;
  /** the same without markdown */
  text: string;
  kind: LineKind;
  /** heading level: 1–6 for `#` headings, 7 for a bold or `Label:` line standing alone */
  level: number;
  cells: TableCell[] | null;
  /** index of the heading line this line sits under (-1 before the first heading) */
  section: number;
  /** position in the document, counted in source lines */
  at: number;
};

const ITEM = /^(?:[-*+•●▪◦‣]|\d{1,2}[.)]|[a-z][.)])\s+/;
const ATX = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const SETEXT = /^(=+|-+)$/;
const FRONT_MATTER_KEY = /^[\w-]+:/;
// a line standing alone that names a section: short, no sentence punctuation
const SOFT_HEADING_MAX_WORDS = 7;
/** A title-case line standing alone is a heading up to this length (longer ones are names of things). */
const TITLE_MAX_WORDS = 6;
/** A line ending with a colon introduces what follows up to this length, when it is in title case. */
const LABEL_HEADING_MAX_WORDS = 12;

/** Markdown and HTML inline marks removed; links keep their text (or address when bare). */
function cleanInline(s: string): string {
  return s
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\((?:mailto:)?([^)\s]*)[^)]*\)/g, (_m, text: string, url: string) =>
      text.trim() ? text : url,
    )
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+|[^>\s@]+@[^>\s]+)>/g, (_m, u: string) =>
      u.replace(/^mailto:\s*/, ''),
    )
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/\{\{[^}]*\}\}|\{:[^}]*\}/g, '')
    .replace(/\*\*|__|\*/g, '')
    .replace(/(^|[\s(])_([^_]+)_(?=[\s).,;:]|$)/g, '$1$2')
    .replace(/`/g, '')
    .replace(/\\([\\()[\]{}|.*_#+!-])/g, '$1')
    .replace(/\\$/g, '')
    .replace(/mailto:\s*/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

/** Skips a YAML front-matter block at the very start. */
function frontMatterEnd(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  for (let i = 1; i < Math.min(lines.length, 60); i++) {
    const t = lines[i]!.trim();
    if (t === '---') return i + 1;
    if (t && !FRONT_MATTER_KEY.test(t) && !/^[-\s]/.test(lines[i]!)) return 0;
  }
  return 0;
}

/** `**Label:** value` → `Label: value`, so a bold label reads like a plain one. */
function unboldLabel(s: string): string {
  return s.replace(/^\*\*([^*]{1,40}?)(?::\s*)?\*\*\s*:?\s*(?=\S)/, '$1: ');
}

/** Words a title leaves in lower case ("Meeting Times and Places"). */
const TITLE_SMALL_WORDS = /^(?:a|an|and|as|at|by|for|from|in|of|on|or|the|to|with|&|–|-|\/)$/;

/**
 * "Meeting Times and Places", "Optional Textbook": a short line in title case standing alone
 * between blank lines, as PDF and DOCX text gives its headings. A person's name is left to the
 * extractor (it reads a name line as the person, not as a section).
 */
function isTitleLine(text: string, blankAround: boolean): boolean {
  if (!blankAround || wordCount(text) > TITLE_MAX_WORDS || isPersonName(text)) return false;
  // a trailing acronym is part of a title: "Disabled Student Program (DSP)"
  const bare = text.replace(/\s*\([A-Z]{2,6}\)$/, '');
  if (/[\d@|()[\]{}"“”:]|[.!?,;]$/.test(bare)) return false;
  const words = bare.split(/\s+/);
  if (!/^[A-Z]/.test(words[0]!)) return false;
  return words.every((w) => /^[A-Z]/.test(w) || TITLE_SMALL_WORDS.test(w));
}

function isSoftHeading(raw: string, text: string, blankAround: boolean): boolean {
  if (!text) return false;
  // "Mission of the Paul R. Carter College of Business Administration:" introduces what follows
  if (wordCount(text) <= LABEL_HEADING_MAX_WORDS && /^[A-Z][^.!?]*:$/.test(text)) {
    if (wordCount(text) <= SOFT_HEADING_MAX_WORDS || isTitleLine(text.slice(0, -1), true))
      return true;
  }
  if (wordCount(text) > SOFT_HEADING_MAX_WORDS) return false;
  const boldOnly = /^\*\*[^*]+\*\*:?$/.test(raw) || /^__[^_]+__:?$/.test(raw);
  if (boldOnly) return true;
  return isTitleLine(text, blankAround);
}

/**
 * Reads text (markdown, pandoc, or the text our extraction writes) into lines. Tables become one
 * line per row, with their cells; a definition (`Label` then `~ value`) becomes `Label: value`.
 */
export function readLines(input: string): Line[] {
  const lines = input.replace(/\r\n?/g, '\n').split('\n');
  const from = frontMatterEnd(lines);
  const out: Line[] = [];
  let section = -1;
  const tables = findTables(lines, LEADING_LABEL_RE);
  const tableAt = new Map(tables.map((t) => [t.start, t]));

  const push = (line: Omit<Line, 'section'>) => {
    if (!line.text) return;
    if (line.kind === 'heading') {
      out.push({ ...line, section });
      section = out.length - 1;
    } else out.push({ ...line, section });
  };

  for (let i = from; i < lines.length; i++) {
    const table = tableAt.get(i);
    if (table) {
      for (const row of table.rows) {
        const cells = row.cells.map((c) => ({
          text: cleanInline(c.text),
          column: c.column === null ? null : cleanInline(c.column),
          row: c.row === null ? null : cleanInline(c.row),
        }));
        push({
          raw: lines
            .slice(row.start, row.end)
            .map((l) => l.trim())
            .join('\n'),
          text: cells
            .map((c) => c.text)
            .filter(Boolean)
            .join(' | '),
          kind: 'row',
          level: 0,
          cells,
          at: row.start,
        });
      }
      i = table.end - 1;
      continue;
    }
    const rawLine = lines[i]!.trim();
    if (!rawLine || /^(?:-{3,}|\*{3,}|_{3,}|={3,})$/.test(rawLine)) continue;
    const next = lines[i + 1]?.trim();
    const atx = ATX.exec(rawLine);
    if (atx) {
      push({
        raw: rawLine,
        text: cleanInline(atx[2]!),
        kind: 'heading',
        level: atx[1]!.length,
        cells: null,
        at: i,
      });
      continue;
    }
    if (next && SETEXT.test(next) && next.length >= 3 && !ITEM.test(rawLine)) {
      push({
        raw: rawLine,
        text: cleanInline(rawLine),
        kind: 'heading',
        level: next.startsWith('=') ? 1 : 2,
        cells: null,
        at: i,
      });
      i++;
      continue;
    }
    // pandoc definition list: `Term` then `~ definition` (or `: definition`)
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() === '') j++;
    const def = lines[j]?.trim();
    if (def && /^[~:]\s+\S/.test(def) && wordCount(rawLine) <= SOFT_HEADING_MAX_WORDS) {
      push({
        raw: `${rawLine}\n${def}`,
        text: `${cleanInline(rawLine)}: ${cleanInline(def.slice(1))}`,
        kind: 'text',
        level: 0,
        cells: null,
        at: i,
      });
      i = j;
      continue;
    }
    // <br> and `\` line ends inside one source line: keep each part as its own line
    const parts = unboldLabel(rawLine)
      .split(/<br\s*\/?>/i)
      .map((p) => p.trim())
      .filter(Boolean);
    for (const part of parts) {
      const item = ITEM.exec(part);
      const body = item ? part.slice(item[0].length) : part;
      const text = cleanInline(unboldLabel(body));
      const blankAround =
        parts.length === 1 &&
        !lines[i - 1]?.trim() &&
        !lines[i + 1]?.trim() &&
        i + 1 < lines.length;
      if (!item && isSoftHeading(part, text, blankAround)) {
        push({
          raw: rawLine,
          text: text.replace(/:$/, ''),
          kind: 'heading',
          level: 7,
          cells: null,
          at: i,
        });
        continue;
      }
      push({ raw: rawLine, text, kind: item ? 'item' : 'text', level: 0, cells: null, at: i });
    }
  }
  return out;
}

const ABBREVIATIONS =
  /(?:\b(?:Dr|Prof|Mr|Ms|Mrs|Mx|St|No|vs|etc|approx|Jr|Sr|Inc|Dept|Fig|Ch|pp|p|a\.m|p\.m|e\.g|i\.e|Ph\.D|ca|ed|eds|trans|vol|rev|repr)|\b[A-Z])\.$/;

/** Sentences of a text; a full stop inside an address, a number or after "Dr." does not end one. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  const parts = text.split(/(?<=[.!?]["'’”)\]]?)\s+(?=["'“([]?[A-Z0-9])/);
  for (const p of parts) {
    cur = cur ? `${cur} ${p}` : p;
    if (!ABBREVIATIONS.test(cur)) {
      out.push(cur.trim());
      cur = '';
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
