/**
 * The course fact sheet, read from a document's text at ingest.
 *
 * General parsing of how syllabi are written: labelled lines ("Office: THM 216"), table cells with
 * their column and row headers, headings above lists and paragraphs, and the label vocabulary in
 * `patterns.ts`. Pure and deterministic: the same text always gives the same facts, in order.
 */
import type { FactKind } from '@app/contracts';
import {
  DATE,
  DAYS,
  DAYS_AT_START,
  EMAIL,
  EXAM_FORMAT,
  EXAM_NAME,
  CITATION_CUE,
  CLOCK_TIME,
  LINK_LABEL,
  OFFICE_HOURS_VALUE,
  fieldOf,
  GRADING_HEADER,
  GRADING_RULE,
  isPersonName,
  KEY_DATE_CUE,
  LABEL_RE,
  LETTER,
  PERCENT,
  PLACE_FUNCTION_WORDS,
  PROSE_START,
  PHONE,
  POLICY_CUES,
  POLICY_TOPICS,
  R_LANGUAGE,
  RANGE,
  ROLE_LEAD,
  RUBRIC_LEVEL,
  SOFTWARE,
  TEXT_DETAIL,
  TIME,
  topicsOf,
  URL,
  WHOLE_LABEL_RE,
  type Field,
  type PolicyTopic,
  type Topic,
} from './patterns.ts';
import { readLines, sentences, type Line } from './text.ts';

export { isPersonName };

export type Fact = {
  kind: FactKind;
  subject: string;
  attribute: string;
  value: string;
  /** the line(s) of the text the fact was read from */
  sourceText: string;
};

// Tuning, in one place.
/** A value is a phrase, not a paragraph: longer values are cut at a word. */
const VALUE_MAX_CHARS = 300;
/** A policy's summary: its first sentences, enough to answer "what is the late policy". */
const POLICY_SENTENCES = 2;
const POLICY_MAX_CHARS = 400;
/** Source quotes longer than this are replaced by the sentence the fact came from. */
const SOURCE_MAX_CHARS = 500;
/** A grading line names a component and its weight; longer lines are prose about grades. */
const GRADING_LINE_MAX_WORDS = 18;
const COMPONENT_MAX_WORDS = 9;
/** Lines that hold dates or grades in a table or list are short; prose is left to retrieval. */
const DATED_LINE_MAX_WORDS = 40;
/** The course-information block at the top, where an unlabelled name is the instructor's. */
const TOP_LINES = 25;
/** A grade scale has several letters; fewer matches are stray "A 10" pairs in prose. */
const MIN_SCALE_ENTRIES = 3;
/** A meeting line is short: days, times and a room. */
const MEETING_LINE_MAX_WORDS = 14;

type Ctx = {
  lines: Line[];
  facts: Fact[];
  seen: Set<string>;
  /** the person the following contact details belong to */
  person: { name: string; role: 'Instructor' | 'TA' } | null;
  /** the current section is headed by a person's name (their details follow) */
  personHeading: boolean;
  /** a label whose value is the list that follows ("Office Hours:" then "- Wed 10–11") */
  pending: Field | null;
};

function cut(s: string, max = VALUE_MAX_CHARS): string {
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const at = t.lastIndexOf(' ', max - 1);
  return `${t.slice(0, at > max / 2 ? at : max - 1)}…`;
}

function trimValue(s: string): string {
  return s
    .replace(/^[\s:;,.|–—-]+/, '')
    .replace(/[\s:;,|–—-]+$/, '')
    .trim();
}

function add(ctx: Ctx, line: Line | string, fact: Omit<Fact, 'sourceText'>, sentence?: string) {
  const value = cut(
    trimValue(fact.value),
    fact.kind === 'policy' ? POLICY_MAX_CHARS + 1 : undefined,
  );
  const subject = cut(fact.subject.replace(/^[\s:;,|]+|[\s:;,|]+$/g, ''), 200);
  if (!value || !subject) return;
  const key = `${fact.kind}|${subject.toLowerCase()}|${fact.attribute}|${value.toLowerCase()}`;
  if (ctx.seen.has(key)) return;
  ctx.seen.add(key);
  const raw = typeof line === 'string' ? line : line.raw;
  const sourceText = raw.length <= SOURCE_MAX_CHARS ? raw : cut(sentence ?? raw, SOURCE_MAX_CHARS);
  ctx.facts.push({ ...fact, subject, value, sourceText });
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function topicsAt(ctx: Ctx, line: Line): Set<Topic> {
  const heading = ctx.lines[line.section];
  return heading ? topicsOf(heading.text) : new Set();
}

// ---------------------------------------------------------------- people

/** The name at the start of a value ("Dr. Jane Roe (she/her) jroe@x.edu" → "Dr. Jane Roe"). */
function leadingName(value: string): string | null {
  const head = value.split(/\s*(?:[(<|;]|\s[-–—]\s|,\s*(?=[a-z0-9])|\S+@\S+|https?:)/)[0]!.trim();
  const tokens = head.split(/\s+/);
  for (let n = Math.min(tokens.length, 7); n >= 2; n--) {
    const candidate = tokens.slice(0, n).join(' ').replace(/[,:]$/, '');
    if (isPersonName(candidate)) return candidate;
  }
  return null;
}

function staffSubject(ctx: Ctx): string {
  return ctx.person?.name ?? 'Instructor';
}

/** "Dr. Matthew Crump" and "Matthew Crump" are one person: the name as first written. */
function knownName(ctx: Ctx, name: string): string {
  const bare = (n: string) =>
    n.replace(/^(?:Dr|Prof|Professor|Mr|Ms|Mrs|Mx)\.?\s+/, '').toLowerCase();
  const hit = ctx.facts.find(
    (f) => f.kind === 'staff' && f.attribute === 'role' && bare(f.subject) === bare(name),
  );
  return hit?.subject ?? name;
}

function setPerson(ctx: Ctx, line: Line, raw: string, role: 'Instructor' | 'TA') {
  const name = knownName(ctx, raw);
  ctx.person = { name, role };
  add(ctx, line, { kind: 'staff', subject: name, attribute: 'role', value: role });
}

/**
 * The person an address belongs to when its local part spells their name ("viveks@" is Vivek
 * Srikrishnan's, "ga345@" Gabriela Ackermann's): columns of names and addresses lose their order.
 */
function ownerOf(ctx: Ctx, email: string): string | null {
  const local = email.split('@')[0]!.toLowerCase();
  const people = ctx.facts.filter((f) => f.kind === 'staff' && f.attribute === 'role');
  for (const p of people) {
    const parts = p.subject
      .replace(/^(?:Dr|Prof|Professor|Mr|Ms|Mrs|Mx)\.?\s+/, '')
      .replace(/,.*$/, '')
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => /^\p{L}/u.test(w));
    const initials = parts.map((w) => w[0]).join('');
    if (parts.some((w) => w.length >= 3 && local.includes(w.replace(/[^\p{L}]/gu, ''))))
      return p.subject;
    if (initials.length >= 2 && new RegExp(`^${initials}\\d`).test(local)) return p.subject;
  }
  return null;
}

function addContacts(ctx: Ctx, line: Line, text: string, subject = staffSubject(ctx)) {
  for (const m of text.matchAll(EMAIL)) {
    const value = m[0].replace(/\.$/, '');
    const owner = ownerOf(ctx, value) ?? subject;
    add(ctx, line, { kind: 'staff', subject: owner, attribute: 'email', value });
  }
  for (const m of text.matchAll(PHONE)) {
    add(ctx, line, { kind: 'staff', subject, attribute: 'phone', value: m[0] });
  }
}

function addPeople(ctx: Ctx, line: Line, value: string, role: 'Instructor' | 'TA') {
  const parts = value
    .split(/\s*(?:;|,|\band\b|&)\s*(?=[A-Z])(?!Ph\.?\s?D|M\.?[AS]\.?\b|MBA\b|Jr\b|Sr\b)/)
    .map((p) => p.trim())
    .filter(Boolean);
  let found = false;
  for (const part of parts) {
    const name = leadingName(part) ?? (isPersonName(part) ? part : null);
    if (!name) continue;
    setPerson(ctx, line, name, role);
    found = true;
    addContacts(ctx, line, part.slice(name.length), name);
  }
  if (!found) addContacts(ctx, line, value);
}

// ---------------------------------------------------------------- meetings

/** "Section 02: …", "Lab B: …" before a meeting's days and times */
const SECTION_PREFIX =
  /^((?:section|sec\.?|lab|lecture|recitation|discussion)\s*[\w-]{1,4})\s*:\s*/i;

type MeetingKind = 'Lecture' | 'Lab' | 'Recitation' | 'Discussion' | 'Online';

function meetingKind(label: string): MeetingKind | null {
  if (/\blab(?:orator(?:y|ies))?s?\b/i.test(label)) return 'Lab';
  if (/\brecitations?\b/i.test(label)) return 'Recitation';
  if (/\b(?:discussions?|sections?|tutorials?)\b/i.test(label)) return 'Discussion';
  if (/\b(?:online|asynchronous|zoom|remote)\b/i.test(label)) return 'Online';
  if (/\b(?:lectures?|class(?:es)?|meetings?|seminars?|sessions?)\b/i.test(label)) return 'Lecture';
  return null;
}

function hasTime(s: string): boolean {
  return TIME.test(s);
}

/** A place is a name: its words (outside parentheses) are capitalised or hold figures. */
function isPlaceName(p: string): boolean {
  const ws = p
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const lower = ws.filter((w) => /^\p{Ll}/u.test(w) && !PLACE_FUNCTION_WORDS.test(w));
  return lower.length <= 1;
}

/** Splits "MW 9:05-9:55am, Statler 265" into its time and its place. */
function splitMeeting(value: string): { time: string | null; place: string | null } {
  const parts = value
    .split(/\s*(?:[,;|@]|\bin\b(?=\s+[A-Z0-9]))\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const time: string[] = [];
  const place: string[] = [];
  for (const p of parts) {
    if (hasTime(p) || (DAYS.test(p) && words(p) <= 4 && DAYS_AT_START.test(p))) time.push(p);
    else if (/\d/.test(p) || /^[A-Z]/.test(p)) {
      if (
        words(p) <= 6 &&
        isPlaceName(p) &&
        !/\b(?:appointment|request|canvas|see|tbd|tba)\b/i.test(p)
      )
        place.push(p);
    }
  }
  return {
    time: time.length ? time.join(', ') : null,
    place: place.length ? place.join(', ') : null,
  };
}

function addMeeting(ctx: Ctx, line: Line, kind: MeetingKind, value: string, field: Field) {
  let subject: string = kind;
  let v = value;
  const section = SECTION_PREFIX.exec(v);
  if (section) {
    subject = `${kind} (${section[1]!.replace(/\s+/g, ' ')})`;
    v = v.slice(section[0].length);
  }
  if (field === 'place') {
    if (words(v) <= 10 && isPlaceName(v))
      add(ctx, line, { kind: 'meeting', subject, attribute: 'place', value: v });
    return;
  }
  const { time, place } = splitMeeting(v);
  if (time) add(ctx, line, { kind: 'meeting', subject, attribute: 'time', value: time });
  if (place && (time || field !== 'time')) {
    add(ctx, line, { kind: 'meeting', subject, attribute: 'place', value: place });
  }
}

/** Office hours name a day, a time, an appointment or where to look; prose is left alone. */
function isOfficeHours(value: string): boolean {
  return DAYS.test(value) || hasTime(value) || OFFICE_HOURS_VALUE.test(value);
}

// ---------------------------------------------------------------- labelled fields

type Labelled = { field: Field; label: string; value: string };

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

function textAttribute(line: Line, field: Field, topics: Set<Topic>): 'required' | 'optional' {
  if (field === 'optional_text' || topics.has('optional_text')) return 'optional';
  return /\b(?:recommended|optional|suggested|supplementa(?:l|ry))\b/i.test(line.text)
    ? 'optional'
    : 'required';
}

/** "Required: Title" / "Optional: Title": the list's own marker of which kind of text it is. */
const TEXT_MARK = /^(required|optional|recommended)\s*:\s*/i;

/**
 * A required or optional text: a title or a reference, not prose about readings, a grading
 * rubric line, a title's ISBN or web site, or a link label in a list of resources.
 */
function isTextTitle(value: string): boolean {
  if (words(value) < 2 || /\d\s*%/.test(value)) return false;
  if (TEXT_DETAIL.test(value) || LINK_LABEL.test(value)) return false;
  return !(PROSE_START.test(value) && !CITATION_CUE.test(value));
}

function addText(ctx: Ctx, line: Line, text: string, attribute: 'required' | 'optional') {
  const mark = TEXT_MARK.exec(text);
  const value = mark ? text.slice(mark[0].length) : text;
  if (!isTextTitle(value)) return;
  const kind = mark && !/required/i.test(mark[1]!) ? 'optional' : mark ? 'required' : attribute;
  add(ctx, line, { kind: 'text', subject: value, attribute: kind, value: cut(value, 200) });
}

function examSubject(name: string): string {
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

function applyField(ctx: Ctx, line: Line, p: Labelled, topics: Set<Topic>) {
  const value = p.value;
  switch (p.field) {
    case 'instructor':
      return addPeople(ctx, line, value, 'Instructor');
    case 'ta':
      return addPeople(ctx, line, value, 'TA');
    case 'email':
    case 'phone':
      return addContacts(ctx, line, value);
    case 'office':
    case 'office_hours':
      if (value)
        add(ctx, line, {
          kind: 'staff',
          subject: staffSubject(ctx),
          attribute: p.field,
          value: value.replace(EMAIL, '').trim() || value,
        });
      return;
    case 'time':
    case 'place':
    case 'meeting': {
      if (!value || topics.has('office_hours')) return;
      const kind =
        meetingKind(p.label) ?? meetingKind(ctx.lines[line.section]?.text ?? '') ?? 'Lecture';
      return addMeeting(ctx, line, kind, value, p.field);
    }
    case 'mode':
      if (value && words(value) <= 8)
        add(ctx, line, { kind: 'meeting', subject: 'Class', attribute: 'format', value });
      return;
    case 'prerequisite':
    case 'corequisite': {
      const first = sentences(value)[0];
      if (first)
        add(
          ctx,
          line,
          { kind: p.field, subject: 'Course', attribute: 'requirement', value: first },
          first,
        );
      return;
    }
    case 'text':
    case 'optional_text':
      return addText(ctx, line, value, textAttribute(line, p.field, topics));
    case 'software':
      for (const s of value.split(/\s*[,;]\s*/).filter((x) => x && words(x) <= 5)) {
        add(ctx, line, { kind: 'software', subject: s, attribute: 'use', value: s });
      }
      return;
    case 'exam':
      if (value && DATE.test(value))
        add(ctx, line, { kind: 'exam', subject: examSubject(p.label), attribute: 'date', value });
      return;
  }
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

/** Lines under a staff heading: a name starts a person, contact details attach to them. */
function readStaffLine(ctx: Ctx, line: Line, topics: Set<Topic>) {
  const role = topics.has('ta') && !topics.has('staff') ? 'TA' : 'Instructor';
  // "Name: Yu Chen" under a TA heading
  // and icon glyphs a PDF leaves before each detail ("i Vivek Srikrishnan")
  const text = line.text.replace(/^name\s*:\s*/i, '').replace(/^[^\sA-Z]\s+(?=\S)/u, '');
  const name = leadingName(text) ?? (isPersonName(text) ? text : null);
  if (name && line.kind !== 'row') {
    setPerson(ctx, line, name, role);
    addContacts(ctx, line, text.slice(name.length), name);
    return;
  }
  if (/@/.test(line.text) && words(line.text) <= 4) addContacts(ctx, line, line.text);
}

/** "My office is Stevenson 341. My email is x@y." — first-person contact sentences. */
const FIRST_PERSON =
  /\bmy (office hours|office|e-?mail(?: address)?|phone(?: number)?)\b[^.]*?\b(?:is|are|will be)\s+(.+)$/i;

function readFirstPerson(ctx: Ctx, line: Line) {
  for (const s of sentences(line.text)) {
    const m = FIRST_PERSON.exec(s);
    if (!m) continue;
    const field = fieldOf(m[1]!.toLowerCase());
    const value = m[2]!.replace(/\.$/, '');
    if (field === 'email' || field === 'phone') addContacts(ctx, line, value);
    else if (field === 'office' || field === 'office_hours')
      add(ctx, line, { kind: 'staff', subject: staffSubject(ctx), attribute: field, value }, s);
  }
}

function readMeetingLine(ctx: Ctx, line: Line, topics: Set<Topic>) {
  if (words(line.text) > MEETING_LINE_MAX_WORDS) return;
  const body = line.text.replace(SECTION_PREFIX, '');
  if (!DAYS_AT_START.test(body) || !hasTime(body) || !CLOCK_TIME.test(body)) return;
  if (topics.has('schedule') || topics.has('exam')) return;
  // days and hours under a person or a staff heading are their office hours
  if (topics.has('office_hours') || topics.has('staff') || topics.has('ta') || ctx.personHeading) {
    if (ctx.person)
      add(ctx, line, {
        kind: 'staff',
        subject: ctx.person.name,
        attribute: 'office_hours',
        value: line.text,
      });
    return;
  }
  const heading = ctx.lines[line.section]?.text ?? '';
  const kind = meetingKind(heading) ?? 'Lecture';
  addMeeting(ctx, line, kind, line.text, 'meeting');
}

// ---------------------------------------------------------------- grading

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
function readWeightRun(ctx: Ctx, line: Line): boolean {
  if (line.cells) return false;
  const text = line.text;
  const count = (text.match(/\d\s*%/g) ?? []).length;
  if (count < 3) return false;
  for (const re of [PARENTHESISED_WEIGHT, RUN_WEIGHT]) {
    const parts = runParts(text, re);
    if (!parts || parts.length < 3) continue;
    const sum = parts.reduce((n, p) => n + p.pct, 0);
    if (Math.abs(sum - WHOLE) > 0.5) continue;
    for (const p of parts) {
      add(ctx, line, {
        kind: 'grading',
        subject: p.label,
        attribute: 'weight',
        value: `${p.pct}%`,
      });
    }
    return true;
  }
  return words(text) <= GRADING_LINE_MAX_WORDS * 2;
}

/** "Reading Quizzes 40%": a short line that ends with its weight */
const SHORT_WEIGHT_LINE_MAX_WORDS = 8;

function readGradingLine(ctx: Ctx, line: Line, topics: Set<Topic>) {
  const text = line.text;
  if (line.cells && readGradingRow(ctx, line, topics)) return;
  if (line.cells && line.cells.filter((c) => c.text).length > 2) return;
  const before = WEIGHT_BEFORE.exec(text.replace(/ \| /g, ' '));
  const beforeLabel = before ? componentOf(before[2]!.replace(/[.;]$/, '')) : null;
  if (!beforeLabel && readWeightRun(ctx, line)) return;
  if (before && beforeLabel && isShare(before[1]!)) {
    const label = beforeLabel;
    add(ctx, line, {
      kind: 'grading',
      subject: label,
      attribute: 'weight',
      value: before[1]!.replace(/\s+/g, ''),
    });
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
  add(ctx, line, {
    kind: 'grading',
    subject: label,
    attribute: 'weight',
    value: weight.replace(/\s*%/, '%').replace(/\s*percent/i, '%'),
  });
}

const WEIGHT_COLUMN = /\b(?:weight|percent(?:age)?|%|share|points?|worth|value|marks?)\b/i;

/** A table row "Homework | 25%" (or points under a points column); true when it was one. */
function readGradingRow(ctx: Ctx, line: Line, topics: Set<Topic>): boolean {
  const cells = line.cells!.filter((c) => c.text);
  if (cells.length < 2) return false;
  const label = componentOf(cells[0]!.text);
  if (!label) return false;
  for (const c of cells.slice(1)) {
    const pct = /^(\d{1,3}(?:\.\d+)?)\s*%$/.exec(c.text);
    const number = /^(\d{1,4}(?:\.\d+)?)(?:\s*(?:points?|pts))?$/i.exec(c.text);
    if (pct) {
      if (Number(pct[1]) >= 100) return true;
      add(ctx, line, {
        kind: 'grading',
        subject: label,
        attribute: 'weight',
        value: `${pct[1]}%`,
      });
      return true;
    }
    if (number && (WEIGHT_COLUMN.test(c.column ?? '') || topics.has('grading'))) {
      const unit = /%/.test(c.column ?? '') ? '%' : ' points';
      add(ctx, line, {
        kind: 'grading',
        subject: label,
        attribute: 'weight',
        value: `${number[1]}${unit}`,
      });
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- grade scale

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

type ScaleEntry = { letter: string; range: string; line: Line };

function scaleEntries(line: Line): ScaleEntry[] {
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

function readGradeScale(ctx: Ctx) {
  const entries = ctx.lines.flatMap((l) => (l.kind === 'heading' ? [] : scaleEntries(l)));
  const letters = new Set(entries.map((e) => e.letter));
  if (letters.size < MIN_SCALE_ENTRIES) return;
  for (const e of entries) {
    add(ctx, e.line, {
      kind: 'grade_scale',
      subject: e.letter,
      attribute: 'range',
      value: e.range.replace(/\s+/g, ' '),
    });
  }
}

// ---------------------------------------------------------------- dates and exams

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

function dateOfRow(line: Line): string | null {
  for (const c of line.cells ?? []) {
    const d = dateIn(c.text);
    if (d) return d;
  }
  return null;
}

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

/** Parts of a schedule row or line: its cells, clauses between dashes, semicolons, sentences. */
const ROW_PART = /\s+[–—|]\s+|\s+-\s+|(?<=[.!?])\s+(?=[A-Z])/;
/** A key date's label is a phrase: a longer part of a row is the week's topics. */
const KEY_DATE_LABEL_MAX_WORDS = 12;
/** A line with this many dates that is not a table is a schedule flattened into one run of text. */
const FLATTENED_DATES = 3;

/** The part of a dated row that says what happens ("Assignment 1 due at the start of class"). */
function keyDatePart(label: string): string | null {
  const all = label.split(ROW_PART);
  if (all.length === 1) return label;
  const part = all.find((p) => KEY_DATE_CUE.test(p))?.trim();
  return part && words(part) <= KEY_DATE_LABEL_MAX_WORDS ? part : null;
}

/** "This assignment is due …" under "Essay 2": the heading says what "this" is. */
function withHeading(ctx: Ctx, line: Line, label: string): string {
  const heading = ctx.lines[line.section]?.text;
  return heading && /^(?:this|it)\b/i.test(label) ? `${heading}: ${label}` : label;
}

function readDated(ctx: Ctx, line: Line) {
  if (line.kind === 'heading') return;
  const flattened =
    !line.cells && (line.text.match(new RegExp(DATE.source, 'gi')) ?? []).length >= FLATTENED_DATES;
  const units =
    line.cells || words(line.text) <= DATED_LINE_MAX_WORDS ? [line.text] : sentences(line.text);
  for (const unit of units) {
    if (words(unit) > DATED_LINE_MAX_WORDS) continue;
    const date = line.cells ? dateOfRow(line) : dateIn(unit);
    if (!date) continue;
    const exam = EXAM_NAME.exec(unit);
    const sentence = unit === line.text ? undefined : unit;
    if (exam) {
      add(
        ctx,
        line,
        { kind: 'exam', subject: examSubject(exam[0]), attribute: 'date', value: date },
        sentence,
      );
      continue;
    }
    if (flattened || !KEY_DATE_CUE.test(unit)) continue;
    const whole = keyDateLabel(unit, date);
    const part = words(whole) <= KEY_DATE_LABEL_MAX_WORDS ? whole : keyDatePart(whole);
    const label = part && withHeading(ctx, line, part);
    if (label && /[a-z]/i.test(label)) {
      add(
        ctx,
        line,
        { kind: 'key_date', subject: label, attribute: 'date', value: date },
        sentence,
      );
    }
  }
}

function readExamFormat(ctx: Ctx, line: Line, topics: Set<Topic>) {
  if (line.kind === 'heading' || line.cells) return;
  for (const s of sentences(line.text)) {
    if (words(s) > DATED_LINE_MAX_WORDS || !EXAM_FORMAT.test(s)) continue;
    const name = EXAM_NAME.exec(s)?.[0];
    if (!name && !(/\b(?:exams?|midterms?|tests?)\b/i.test(s) || topics.has('exam'))) continue;
    const subject = name ? examSubject(name) : /\bfinal\b/i.test(s) ? 'Final exam' : 'Exams';
    add(ctx, line, { kind: 'exam', subject, attribute: 'format', value: s }, s);
  }
}

// ---------------------------------------------------------------- policies and accommodations

/** The text of a section: the lines after its heading, up to the next heading at its level or above. */
function sectionBody(ctx: Ctx, headingIndex: number): Line[] {
  const heading = ctx.lines[headingIndex]!;
  const body: Line[] = [];
  for (let i = headingIndex + 1; i < ctx.lines.length; i++) {
    const l = ctx.lines[i]!;
    if (l.kind === 'heading' && (l.level <= heading.level || body.length > 0)) break;
    if (l.kind !== 'heading') body.push(l);
  }
  return body;
}

function summary(lines: Line[]): { text: string; source: Line } | null {
  const first = lines.find((l) => words(l.text) >= 4);
  if (!first) return null;
  const text = lines
    .slice(lines.indexOf(first))
    .map((l) => l.text)
    .join(' ');
  const picked: string[] = [];
  for (const s of sentences(text)) {
    if (picked.length >= POLICY_SENTENCES || (picked.join(' ') + s).length > POLICY_MAX_CHARS)
      break;
    picked.push(s);
  }
  return { text: picked.length ? picked.join(' ') : cut(text, POLICY_MAX_CHARS), source: first };
}

const POLICY_SUBJECT: Record<PolicyTopic, string> = {
  late: 'late',
  attendance: 'attendance',
  makeup: 'makeup',
  collaboration: 'collaboration',
  integrity: 'integrity',
  ai: 'ai',
};

/** "Late work – text" / "Attendance: text": a policy named by a short label before its text. */
const LEAD_LABEL = /^([A-Z][^:.!?]{2,50}?)\s*(?::|\s[-–—]\s)\s*(\S.{20,})$/;

function readPolicies(ctx: Ctx) {
  const found = new Set<PolicyTopic>();
  const take = (topic: PolicyTopic, text: string, source: Line) => {
    if (found.has(topic)) return;
    found.add(topic);
    add(
      ctx,
      source,
      { kind: 'policy', subject: POLICY_SUBJECT[topic], attribute: 'summary', value: text },
      text,
    );
  };
  ctx.lines.forEach((l, i) => {
    if (l.kind === 'heading') {
      const topics = topicsOf(l.text);
      for (const topic of POLICY_TOPICS) {
        if (!topics.has(topic) || found.has(topic)) continue;
        const s = summary(sectionBody(ctx, i));
        if (s) take(topic, s.text, s.source);
      }
      return;
    }
    const lead = LEAD_LABEL.exec(l.text);
    if (!lead) return;
    const topics = topicsOf(lead[1]!);
    for (const topic of POLICY_TOPICS) {
      if (!topics.has(topic) || found.has(topic)) continue;
      const first = sentences(lead[2]!).slice(0, POLICY_SENTENCES).join(' ');
      take(topic, first, l);
    }
  });
  // no heading or label names it: the first sentence that states it
  for (const topic of POLICY_TOPICS) {
    if (found.has(topic)) continue;
    for (const l of ctx.lines) {
      if (l.kind === 'heading' || l.cells) continue;
      const ss = sentences(l.text);
      const k = ss.findIndex((s) => POLICY_CUES[topic].test(s) && words(s) >= 6);
      if (k === -1) continue;
      const text = ss.slice(k, k + POLICY_SENTENCES).join(' ');
      take(topic, text.length > POLICY_MAX_CHARS ? ss[k]! : text, l);
      break;
    }
  }
}

const ACCOMMODATION_CUE = /\bdisabilit\w*|\baccommodations?\b|\baccessib\w*/i;
const OFFICE_NAME =
  /\b((?:the\s+)?(?:[A-Z][\w&’'-]*\s+|of\s+|for\s+|and\s+|&\s+)*(?:Disabilit\w*|Accessib\w*|Access|Accommodations?|Ability)(?:\s+(?:[A-Z][\w&’'-]*|of|for|and|&))*\s*(?:Office|Center|Centre|Services?|Resources?|Concerns|Programs?)(?:\s+(?:of|for)\s+[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*)?(?:\s*\([A-Z]{2,6}\))?)/;

const OTHER_OFFICE =
  /\b(?:title ix|discriminat\w*|harass\w*|counsel\w*|academic (?:integrity|honesty)|conduct)\b/i;

function readAccommodations(ctx: Ctx) {
  let lines: Line[] = [];
  const heading = ctx.lines.findIndex(
    (l) => l.kind === 'heading' && topicsOf(l.text).has('accommodations'),
  );
  if (heading !== -1) lines = sectionBody(ctx, heading);
  else {
    const at = ctx.lines.findIndex(
      (l) =>
        l.kind !== 'heading' &&
        !l.cells &&
        ACCOMMODATION_CUE.test(l.text) &&
        /\bstudents?\b/i.test(l.text),
    );
    if (at !== -1) lines = ctx.lines.slice(at, at + 2).filter((l) => l.kind !== 'heading');
  }
  if (lines.length === 0) return;
  const s = summary(lines);
  if (!s) return;
  add(
    ctx,
    s.source,
    { kind: 'accommodations', subject: 'accommodations', attribute: 'summary', value: s.text },
    s.text,
  );
  for (const l of lines) {
    const office = OFFICE_NAME.exec(l.text);
    if (office) {
      add(ctx, l, {
        kind: 'accommodations',
        subject: 'accommodations',
        attribute: 'office',
        value: office[1]!.replace(/^the\s+/i, ''),
      });
      break;
    }
  }
  // contacts up to where the text turns to another office (Title IX, counseling, conduct)
  const end = lines.findIndex((l) => OTHER_OFFICE.test(l.text) && !ACCOMMODATION_CUE.test(l.text));
  for (const l of end === -1 ? lines : lines.slice(0, end)) {
    for (const m of l.text.matchAll(EMAIL))
      add(ctx, l, {
        kind: 'accommodations',
        subject: 'accommodations',
        attribute: 'email',
        value: m[0],
      });
    for (const m of l.text.matchAll(PHONE))
      add(ctx, l, {
        kind: 'accommodations',
        subject: 'accommodations',
        attribute: 'phone',
        value: m[0],
      });
    for (const m of l.text.matchAll(URL))
      add(ctx, l, {
        kind: 'accommodations',
        subject: 'accommodations',
        attribute: 'website',
        value: m[0].replace(/[.,;]$/, ''),
      });
  }
}

// ---------------------------------------------------------------- software

const SOFTWARE_RES = SOFTWARE.map(
  (name) => [name, new RegExp(`(?<![\\w.-])${name.replace(/[.+]/g, '\\$&')}(?![\\w-])`)] as const,
);

function readSoftware(ctx: Ctx, line: Line) {
  for (const [name, re] of SOFTWARE_RES) {
    if (re.test(line.text))
      add(ctx, line, { kind: 'software', subject: name, attribute: 'use', value: name });
  }
  if (R_LANGUAGE.test(line.text))
    add(ctx, line, { kind: 'software', subject: 'R', attribute: 'use', value: 'R' });
}

// ---------------------------------------------------------------- the pass over lines

/** Campus offices and services listed under a "Tools" heading are not software. */
const NOT_SOFTWARE =
  /\b(?:office|center|centre|program|services?|resources|hub|guide|advocate|counseling)\b/i;

/** A name alone with an address or an office in the line after it ("David Sanson" / "My office is …"). */
function isNameAboveContacts(ctx: Ctx, line: Line, index: number): boolean {
  const next = ctx.lines[index + 1]?.text ?? '';
  return isPersonName(line.text) && (/@/.test(next) || /\boffice\b/i.test(next));
}

/** Fields whose label, left without a value, introduces the list below it. */
const PENDING_FIELDS: ReadonlySet<Field> = new Set(['office_hours', 'office', 'email', 'phone']);

function readPendingItem(ctx: Ctx, line: Line, field: Field) {
  if (field === 'email' || field === 'phone') return addContacts(ctx, line, line.text);
  if (field === 'office_hours' && !isOfficeHours(line.text)) return;
  add(ctx, line, {
    kind: 'staff',
    subject: staffSubject(ctx),
    attribute: field,
    value: line.text,
  });
}

function readLine(ctx: Ctx, line: Line, index: number) {
  const topics = topicsAt(ctx, line);
  if (line.kind !== 'item') ctx.pending = null;
  if (line.kind === 'heading') {
    const afterPerson = ctx.personHeading;
    ctx.personHeading = false;
    // "#### Naga Hemachand Chinta" under "### Teaching Assistants": the person whose details follow
    const staffed = topics.has('staff') || topics.has('ta');
    const named = isPersonName(line.text) && topicsOf(line.text).size === 0;
    if (named && (index < TOP_LINES || staffed || afterPerson)) {
      const role =
        afterPerson && ctx.person
          ? ctx.person.role
          : topics.has('ta') && !topics.has('staff')
            ? 'TA'
            : 'Instructor';
      setPerson(ctx, line, line.text, role);
      ctx.personHeading = true;
      return;
    }
    const person = leadingName(line.text);
    if (person && (index < TOP_LINES || topics.has('staff')) && EMAIL.test(line.text)) {
      setPerson(ctx, line, person, 'Instructor');
      addContacts(ctx, line, line.text);
    }
    readGradingLine(ctx, line, topicsOf(line.text));
    return;
  }
  if (ctx.pending && line.kind === 'item') {
    readPendingItem(ctx, line, ctx.pending);
    readSoftware(ctx, line);
    return;
  }
  const { lead, parts } = labelledParts(line);
  const role = lead ? ROLE_LEAD.exec(lead) : null;
  const roleName = role ? leadingName(lead.slice(role[0].length)) : null;
  if (role && roleName && parts.length) {
    setPerson(ctx, line, roleName, role[2] ? 'TA' : 'Instructor');
  } else if (
    lead &&
    parts.length &&
    ((index < TOP_LINES * 2 && !ctx.person) || topics.has('ta') || topics.has('staff'))
  ) {
    const name = leadingName(lead);
    if (name)
      setPerson(ctx, line, name, topics.has('ta') && !topics.has('staff') ? 'TA' : 'Instructor');
  }
  for (const p of parts) applyField(ctx, line, p, topics);
  const last = parts[parts.length - 1];
  if (last && !last.value && PENDING_FIELDS.has(last.field)) ctx.pending = last.field;
  if (parts.length === 0) {
    const field = sectionField(topics);
    if (topics.has('staff') || topics.has('ta') || ctx.personHeading)
      readStaffLine(ctx, line, topics);
    else if (index < TOP_LINES && !ctx.person && /@/.test(line.text)) {
      const name = leadingName(line.text.replace(/^(?:professor|instructor)\s+/i, ''));
      if (name) setPerson(ctx, line, name, 'Instructor');
      addContacts(ctx, line, line.text);
    } else if (index < TOP_LINES && !ctx.person) {
      // "Professor Jane Roe", or a name alone under the title: the course's instructor
      const m = /^(?:Professor|Prof\.|Instructor)\s+(.+)$/.exec(line.text);
      const name = m
        ? leadingName(m[1]!)
        : isNameAboveContacts(ctx, line, index)
          ? line.text
          : null;
      if (name) setPerson(ctx, line, name, 'Instructor');
    }
    if (field && (line.kind === 'item' || (line.kind === 'text' && words(line.text) <= 40))) {
      if (field === 'office_hours' && words(line.text) <= 20 && isOfficeHours(line.text)) {
        add(ctx, line, {
          kind: 'staff',
          subject: staffSubject(ctx),
          attribute: 'office_hours',
          value: line.text,
        });
      } else if (field === 'prerequisite' || field === 'corequisite') {
        const first = sentences(line.text)[0]!;
        add(
          ctx,
          line,
          { kind: field, subject: 'Course', attribute: 'requirement', value: first },
          first,
        );
      } else if ((field === 'text' || field === 'optional_text') && line.kind === 'item') {
        addText(ctx, line, line.text, textAttribute(line, field, topics));
      } else if (
        field === 'software' &&
        line.kind === 'item' &&
        words(line.text) <= 12 &&
        !NOT_SOFTWARE.test(line.text)
      ) {
        add(ctx, line, {
          kind: 'software',
          subject: cut(line.text, 80),
          attribute: 'use',
          value: cut(line.text, 200),
        });
      }
    }
    readFirstPerson(ctx, line);
    readMeetingLine(ctx, line, topics);
  }
  readGradingLine(ctx, line, topics);
  readDated(ctx, line);
  readExamFormat(ctx, line, topics);
  readSoftware(ctx, line);
}

/** The facts a document states, in document order (then scale, policies, accommodations). */
export function extractFacts(text: string): Fact[] {
  const ctx: Ctx = {
    lines: readLines(text),
    facts: [],
    seen: new Set(),
    person: null,
    personHeading: false,
    pending: null,
  };
  ctx.lines.forEach((line, i) => readLine(ctx, line, i));
  readGradeScale(ctx);
  readPolicies(ctx);
  readAccommodations(ctx);
  return ctx.facts;
}
