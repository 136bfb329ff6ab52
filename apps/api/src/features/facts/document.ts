/**
 * A document read once for the fact readers: its lines (`text.ts`) with what each reader needs to
 * know of a line's place: the topics of its section, its labelled parts, the label it is listed
 * under, whether it sits under a person's name. Pure: it knows nothing of the facts.
 */
import {
  fieldOf,
  isPersonName,
  LABEL_RE,
  topicsOf,
  WHOLE_LABEL_RE,
  type Field,
  type Topic,
} from './patterns.ts';
import { readLines, type Line } from './text.ts';
import { words } from './fact.ts';

/** The course-information block at the top, where an unlabelled name is the instructor's. */
export const TOP_LINES = 25;

export type Labelled = { field: Field; label: string; value: string };

export type DocLine = Line & {
  index: number;
  /** the text of the heading the line sits under ('' before the first) */
  heading: string;
  /** the topics of that heading */
  topics: Set<Topic>;
  /** the text before the first label, and the labelled parts ("Office: RE 289 Email: x@y") */
  lead: string;
  parts: Labelled[];
  /** a list item under a label left without a value ("Office Hours:" then "- Wed 10–11") */
  listedUnder: Field | null;
  /** an unlabelled item or short text filling its section's field ("## Office Hours" then "- MW 10–11") */
  fills: Field | null;
  /** the last heading above (for a heading: the one before it) names a person whose details follow */
  underPerson: boolean;
  /** a heading naming a person ("#### Naga Hemachand Chinta" under "### Teaching Assistants") */
  personHeading: boolean;
};

/** "Office: RE 289 Email: x@y Phone: 555" → its labelled parts (and any text before the first). */
function splitLabels(text: string): { lead: string; parts: Labelled[] } {
  const hits = [...text.matchAll(LABEL_RE)];
  const parts: Labelled[] = [];
  let lead = text;
  hits.forEach((m, n) => {
    const field = fieldOf(m[1]!);
    if (!field) return;
    const start = m.index! + m[0].length;
    const end = hits[n + 1]?.index ?? text.length;
    if (parts.length === 0) lead = text.slice(0, m.index).trim();
    parts.push({ field, label: m[1]!, value: text.slice(start, end).trim() });
  });
  return { lead, parts };
}

/** The fields that only count at the start of a line ("prerequisite:" may sit mid-sentence). */
const ANYWHERE: ReadonlySet<Field> = new Set(['prerequisite', 'corequisite']);

/** "End:", "Class Time:": a short capitalised label opening a line */
const STARTS_WITH_LABEL = /^[A-Z][\w ]{0,24}:\s/;

function labelledParts(line: Line): { lead: string; parts: Labelled[] } {
  if (line.cells && line.cells.length >= 2) {
    const filled = line.cells.filter((c) => c.text);
    const first = filled[0];
    if (first && WHOLE_LABEL_RE.test(first.text.replace(/:$/, ''))) {
      const field = fieldOf(first.text.replace(/:$/, ''))!;
      const value = filled
        .slice(1)
        .map((c) => c.text)
        .join(', ');
      return { lead: '', parts: [{ field, label: first.text, value }] };
    }
    return { lead: line.text, parts: [] };
  }
  const { lead, parts } = splitLabels(line.text);
  if (parts.length === 0) return { lead, parts };
  // a label mid-sentence is prose ("see the email: …"), unless several labels run together or
  // the line itself starts with a label ("End: last class June 6 Location: 地学 205")
  if (lead && words(lead) > 6 && parts.length < 2 && !STARTS_WITH_LABEL.test(lead)) {
    return { lead: line.text, parts: parts.filter((p) => ANYWHERE.has(p.field)) };
  }
  return { lead, parts };
}

/** Which field a section's unlabelled lines fill ("## Office Hours" then "- MW 10–11"). */
function sectionField(topics: Set<Topic>): Field | null {
  if (topics.has('office_hours')) return 'office_hours';
  if (topics.has('prerequisite')) return 'prerequisite';
  if (topics.has('corequisite')) return 'corequisite';
  if (topics.has('optional_text')) return 'optional_text';
  if (topics.has('text') && !topics.has('grading')) return 'text';
  if (topics.has('software')) return 'software';
  return null;
}

/** Fields whose label, left without a value, introduces the list below it. */
const PENDING_FIELDS: ReadonlySet<Field> = new Set(['office_hours', 'office', 'email', 'phone']);

export function readDocument(text: string): DocLine[] {
  const lines = readLines(text);
  let pending: Field | null = null;
  let underPerson = false;
  return lines.map((line, index) => {
    const headingLine = lines[line.section];
    const topics = headingLine ? topicsOf(headingLine.text) : new Set<Topic>();
    if (line.kind !== 'item') pending = null;
    const base = { ...line, index, heading: headingLine?.text ?? '', topics, underPerson };
    const none = { lead: '', parts: [], listedUnder: null, fills: null, personHeading: false };
    if (line.kind === 'heading') {
      const staffed = topics.has('staff') || topics.has('ta');
      const named = isPersonName(line.text) && topicsOf(line.text).size === 0;
      underPerson = named && (index < TOP_LINES || staffed || underPerson);
      return { ...base, ...none, personHeading: underPerson };
    }
    if (pending && line.kind === 'item') return { ...base, ...none, listedUnder: pending };
    const { lead, parts } = labelledParts(line);
    const last = parts[parts.length - 1];
    if (last && !last.value && PENDING_FIELDS.has(last.field)) pending = last.field;
    const short = line.kind === 'item' || (line.kind === 'text' && words(line.text) <= 40);
    const fills = parts.length === 0 && short ? sectionField(topics) : null;
    return { ...base, lead, parts, listedUnder: null, fills, personHeading: false };
  });
}

/** The text of a section: the lines after its heading, up to the next heading at its level or above. */
export function sectionBody(lines: readonly DocLine[], headingIndex: number): DocLine[] {
  const heading = lines[headingIndex]!;
  const body: DocLine[] = [];
  for (let i = headingIndex + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.kind === 'heading' && (l.level <= heading.level || body.length > 0)) break;
    if (l.kind !== 'heading') body.push(l);
  }
  return body;
}
