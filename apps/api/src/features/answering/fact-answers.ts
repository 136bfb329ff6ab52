import type { FactSheetEntry } from '../facts/facts.service.ts';
import { NOT_TELLING, uninflected as stem, type Question } from './question.ts';
import { definitionOf, type Concept } from './concepts.ts';
import { sentences } from './units.ts';

/**
 * Answers from the course fact sheet: one sentence a person would write ("Lectures meet in
 * SN3060.", "Dr. Hurford's office is CSF 4338."), built from the facts the question asks for,
 * with the facts it used. Null when the question is not about a fact the sheet holds; the
 * passages answer it then.
 */
export type FactAnswer = { response: string; facts: FactSheetEntry[] };

type Sheet = FactSheetEntry[];

const contentWords = (text: string) =>
  (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !NOT_TELLING.has(w)).map(stem);

/** How many of a subject's words the question names (0 when none). */
function named(subject: string, question: Question): number {
  const asked = new Set(question.words.map(stem));
  return new Set(contentWords(subject).filter((w) => asked.has(w))).size;
}

/** The facts whose subject the question names most; all of them when it names none. */
function bestNamed(facts: Sheet, question: Question): { facts: Sheet; named: boolean } {
  const scores = facts.map((f) => named(f.subject, question));
  const top = Math.max(0, ...scores);
  return top === 0
    ? { facts, named: false }
    : { facts: facts.filter((_, i) => scores[i] === top), named: true };
}

const of = (sheet: Sheet, kind: FactSheetEntry['kind'], attribute?: string) =>
  sheet.filter((f) => f.kind === kind && (attribute === undefined || f.attribute === attribute));

const unique = (values: string[]) => [...new Set(values)];
const joined = (values: string[]) =>
  values.length <= 1
    ? (values[0] ?? '')
    : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

// ---------------------------------------------------------------------------------------------
// People

/** The people the question is about: named ones, else the TAs or the instructors it asks for. */
function peopleAsked(sheet: Sheet, question: Question): string[] {
  const staff = of(sheet, 'staff');
  const people = unique(staff.map((f) => f.subject));
  const byName = people.filter((p) => named(p, question) > 0 && !/^(instructor|ta)$/i.test(p));
  if (byName.length) return byName;
  const role = (p: string) => staff.find((f) => f.subject === p && f.attribute === 'role')?.value;
  if (question.concepts.has('ta')) return people.filter((p) => role(p) === 'TA' || /^ta$/i.test(p));
  const instructors = people.filter((p) => role(p) !== 'TA');
  return instructors;
}

const PERSON_ATTRIBUTES: [Concept, string, (who: string, v: string) => string][] = [
  ['officeHours', 'office_hours', (who, v) => `${possessive(who)} office hours are ${v}`],
  ['email', 'email', (who, v) => `${possessive(who)} e-mail is ${v}`],
  ['phone', 'phone', (who, v) => `${possessive(who)} phone number is ${v}`],
  ['office', 'office', (who, v) => `${possessive(who)} office is ${v}`],
];

function possessive(who: string): string {
  if (/^(instructor|ta)$/i.test(who)) return `The ${who === 'TA' ? 'TA' : 'instructor'}'s`;
  return who.endsWith('s') ? `${who}'` : `${who}'s`;
}

function personAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  const people = peopleAsked(sheet, question);
  for (const [concept, attribute, say] of PERSON_ATTRIBUTES) {
    if (!question.concepts.has(concept)) continue;
    const facts = of(sheet, 'staff', attribute).filter((f) => people.includes(f.subject));
    if (facts.length === 0) continue;
    const lines = people
      .map((p) => {
        const values = unique(facts.filter((f) => f.subject === p).map((f) => f.value));
        return values.length ? say(p, joined(values)) : null;
      })
      .filter((l): l is string => l !== null);
    return { response: lines.map(sentence).join(' '), facts };
  }
  if (
    question.concepts.has('who') &&
    (question.concepts.has('ta') || question.concepts.has('instructor'))
  ) {
    const ta = question.concepts.has('ta');
    const facts = of(sheet, 'staff', 'role').filter((f) => (f.value === 'TA') === ta);
    if (facts.length === 0) return null;
    const names = unique(facts.map((f) => f.subject));
    const role = ta
      ? names.length > 1
        ? 'TAs are'
        : 'TA is'
      : names.length > 1
        ? 'instructors are'
        : 'instructor is';
    return { response: `The ${role} ${joined(names)}.`, facts };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Meetings

const SECTION_KINDS: [Concept, RegExp][] = [
  ['lab', /lab/i],
  ['recitation', /recitation/i],
  ['discussion', /discussion/i],
];
const LOOKS_LIKE_A_PLACE =
  /\d|\b(room|hall|building|center|centre|library|online|zoom|auditorium)\b/i;

function meetingsAsked(sheet: Sheet, question: Question): Sheet {
  const meetings = of(sheet, 'meeting');
  for (const [concept, pattern] of SECTION_KINDS)
    if (question.concepts.has(concept)) return meetings.filter((f) => pattern.test(f.subject));
  const main = meetings.filter((f) => !SECTION_KINDS.some(([, p]) => p.test(f.subject)));
  return main.length ? main : meetings;
}

const plural = (kind: string) =>
  /^(class|lecture|lab|recitation|discussion|section)$/i.test(kind)
    ? `${kind.replace(/s$/, '')}${kind.endsWith('s') ? 'es' : 's'}`
    : kind;

function meetingAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  const c = question.concepts;
  const about = c.has('meeting') || SECTION_KINDS.some(([k]) => c.has(k));
  const other = [
    'office',
    'officeHours',
    'exam',
    'email',
    'phone',
    'text',
    'software',
  ] as Concept[];
  if (other.some((k) => c.has(k))) return null;
  const wantsPlace = c.has('place');
  const wantsTime = c.has('time') && about;
  if (!wantsPlace && !wantsTime) return null;
  const meetings = meetingsAsked(sheet, question);
  const places = meetings.filter((f) => f.attribute === 'place');
  const placelike = places.filter((f) => LOOKS_LIKE_A_PLACE.test(f.value));
  const where = placelike.length ? placelike : places;
  const times = meetings.filter((f) => f.attribute === 'time');
  if ((wantsPlace && where.length === 0) || (!wantsPlace && times.length === 0)) return null;
  const kind = (where[0] ?? times[0])!.subject;
  const parts = [
    `${plural(kind)} meet`,
    times.length && (wantsTime || !wantsPlace || c.has('time'))
      ? ` ${joined(unique(times.map((f) => f.value)))}`
      : '',
    where.length ? ` in ${joined(unique(where.map((f) => f.value)))}` : '',
  ];
  const used = [...(parts[1] ? times : []), ...where];
  return { response: sentence(parts.join('')), facts: used };
}

// ---------------------------------------------------------------------------------------------
// Requirements, texts, grading

function requirementAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  for (const [concept, kind, label] of [
    ['prerequisite', 'prerequisite', 'Prerequisites'],
    ['corequisite', 'corequisite', 'Corequisites'],
  ] as const) {
    if (!question.concepts.has(concept)) continue;
    const facts = of(sheet, kind);
    if (facts.length === 0) return null;
    return {
      response: sentence(`${label}: ${unique(facts.map((f) => f.value)).join('; ')}`),
      facts,
    };
  }
  return null;
}

const LOOKS_LIKE_A_REFERENCE =
  /\bISBN\b|\bedition\b|\b\d+(st|nd|rd|th) ed\b|\bpress\b|\bpublish|\b(19|20)\d{2}\b|\bby [A-Z]|^[A-Z][a-z]+,\s+[A-Z]/;

function textAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  if (!question.concepts.has('text') || question.concepts.has('exam')) return null;
  const texts = of(sheet, 'text');
  if (texts.length === 0) return null;
  const { facts: asked, named: isNamed } = bestNamed(texts, question);
  if (isNamed) {
    const lines = asked.map((f) => `${f.subject}: ${f.attribute}`);
    return { response: lines.map(sentence).join(' '), facts: asked };
  }
  // a book is cited as one: author, edition, year, publisher or ISBN
  const cited = asked.filter((f) => LOOKS_LIKE_A_REFERENCE.test(f.value));
  const books = cited.length ? cited : asked;
  const required = books.filter((f) => f.attribute === 'required');
  const shown = required.length ? required : books;
  const label = required.length ? 'Required' : 'Course';
  const titles = unique(shown.map((f) => f.subject));
  const response = `${label} ${titles.length > 1 ? 'texts' : 'text'}: ${titles.join('; ')}`;
  return { response: sentence(response), facts: shown };
}

const PERCENT = /^(\d+(?:\.\d+)?)\s*%$/;
/** Lines that state a rule about weights, not a component of the grade. */
const NOT_A_COMPONENT =
  /\b(below|above|penali[sz]ed|drop|will be worth|awarded|guarantees?|pass|fail)\b|^[A-F][+-]?\b/i;

/**
 * The components of the grade, when they are a whole: percentages that add up to 100 (first
 * without lines that only mention a weight), or points. Null when the sheet's weights are not a
 * breakdown (a partial list, or rules about weights read as components).
 */
function breakdownOf(weights: Sheet): Sheet | null {
  const distinct = (list: Sheet) => {
    const seen = new Set<string>();
    return list.filter((f) => {
      const key = contentWords(f.subject).join(' ');
      return !seen.has(key) && seen.add(key);
    });
  };
  const parts = distinct(weights);
  if (parts.length < 2) return null;
  const percents = parts.map((f) => PERCENT.exec(f.value.trim()));
  if (percents.every((m) => m === null)) return parts; // points
  const whole = (list: Sheet) => {
    const sum = list.reduce((s, f) => s + percentOf(f), 0);
    return list.length >= 2 && Math.abs(sum - 100) <= 1 ? list : null;
  };
  return (
    whole(parts) ??
    whole(parts.filter((f) => !NOT_A_COMPONENT.test(f.subject))) ??
    whole(distinct(topLevel(weights))) ??
    wholeRun(weights)
  );
}

const percentOf = (f: FactSheetEntry) => Number(PERCENT.exec(f.value.trim())?.[1] ?? NaN);

/**
 * The weights without the parts of a group: "Digital Tools Assignments 60%" followed by
 * assignments of 5, 10, 15, 15 and 15% is one component of the grade, its parts are not more.
 */
function topLevel(weights: Sheet): Sheet {
  const out: Sheet = [];
  let i = 0;
  while (i < weights.length) {
    const group = weights[i]!;
    out.push(group);
    let sum = 0;
    let next = i + 1;
    while (next < weights.length && sum < percentOf(group) - 0.01)
      sum += percentOf(weights[next++]!);
    const parts = next - (i + 1);
    i = parts >= 2 && Math.abs(sum - percentOf(group)) < 0.01 ? next : i + 1;
  }
  return out;
}

/**
 * The first run of weights in reading order that adds up to 100: a syllabus states its breakdown
 * in one list or table, and may repeat a weight elsewhere ("### Eight Problem Sets (30%)").
 */
function wholeRun(weights: Sheet): Sheet | null {
  for (let start = 0; start < weights.length; start++) {
    let sum = 0;
    for (let end = start; end < weights.length; end++) {
      sum += percentOf(weights[end]!);
      if (!(sum <= 101)) break; // past a whole, or not a percentage
      if (end > start && sum >= 99) return weights.slice(start, end + 1);
    }
  }
  return null;
}

function gradingAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  const c = question.concepts;
  const weights = of(sheet, 'grading', 'weight');
  if (c.has('scale')) {
    const scale = of(sheet, 'grade_scale');
    if (scale.length === 0) return null;
    const asked = question.letter
      ? scale.filter((f) => f.subject.toUpperCase() === question.letter)
      : scale;
    if (asked.length === 0) return null;
    return {
      response: sentence(`Grade scale: ${asked.map((f) => `${f.subject} ${f.value}`).join(', ')}`),
      facts: asked,
    };
  }
  if (weights.length === 0) return null;
  if (c.has('weight')) {
    const { facts, named: isNamed } = bestNamed(weights, question);
    if (isNamed && facts.length <= 3) {
      const lines = facts.map((f) => `${f.subject} is worth ${f.value} of the grade`);
      return { response: lines.map(sentence).join(' '), facts };
    }
  }
  if (c.has('breakdown')) {
    const parts = breakdownOf(weights);
    if (!parts) return null;
    const list = parts.map((f) => `- ${f.subject}: ${f.value}`).join('\n');
    return { response: `The grade is made up of:\n${list}`, facts: parts };
  }
  return null;
}

function examDateAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  const c = question.concepts;
  if (!c.has('exam') || !c.has('date') || c.has('weight')) return null;
  const dates = of(sheet, 'exam', 'date');
  const { facts, named: isNamed } = bestNamed(dates, question);
  if (!isNamed) return null;
  const subjects = unique(facts.map((f) => f.subject));
  // one date for each exam in each document; a schedule that repeats it differently is left to
  // the passages (two documents that disagree are named, see withConflictsNamed)
  const ambiguous = (subject: string) => {
    const own = facts.filter((f) => f.subject === subject);
    return unique(own.map((f) => f.contentId ?? '')).some(
      (id) => unique(own.filter((f) => (f.contentId ?? '') === id).map((f) => f.value)).length > 1,
    );
  };
  if (subjects.some(ambiguous)) return null;
  return {
    response: subjects
      .map((s) => sentence(`${s}: ${facts.find((f) => f.subject === s)!.value}`))
      .join(' '),
    facts,
  };
}

/** A short sentence of the source that states the date as written ("Essay 1 is due Tuesday, Feb. 17 at noon."). */
const DATE_SENTENCE_MAX_CHARS = 160;
function dateSentence(f: FactSheetEntry): string | null {
  const found = f.sourceText
    ?.split('\n')
    .flatMap(sentences)
    .find((s) => s.includes(f.value) && s.length <= DATE_SENTENCE_MAX_CHARS);
  return found?.replace(/^[-*•]\s*/, '').trim() ?? null;
}

/** How many due dates a reply lists before pointing to the rest. */
const DUE_DATES_SHOWN = 8;
const DUE = /\bdue\b/i;

/** "When are the assignments due?", "when is essay 2 due": the schedule's due dates. */
function dueDateAnswer(sheet: Sheet, question: Question): FactAnswer | null {
  const c = question.concepts;
  if (
    !(c.has('date') || c.has('time')) ||
    !question.words.some((w) => w === 'due' || w === 'deadline' || w === 'deadlines')
  )
    return null;
  const due = of(sheet, 'key_date', 'date').filter((f) => DUE.test(f.subject));
  if (due.length === 0) return null;
  const { facts } = bestNamed(due, question);
  const shown = facts.slice(0, DUE_DATES_SHOWN);
  const said = (f: FactSheetEntry) =>
    dateSentence(f) ?? `${f.subject.replace(/[.:]$/, '')}: ${f.value}`;
  if (shown.length === 1) return { response: sentence(said(shown[0]!)), facts: shown };
  const more = facts.length - shown.length;
  const list = shown.map((f) => `- ${said(f)}`).join('\n');
  return {
    response: `Due dates:\n${list}${more > 0 ? `\n…and ${more} more in the schedule.` : ''}`,
    facts: shown,
  };
}

const ANSWERERS = [
  gradingAnswer,
  personAnswer,
  requirementAnswer,
  textAnswer,
  examDateAnswer,
  dueDateAnswer,
  meetingAnswer,
];

/**
 * When two documents state one fact differently, the reply says so and names both, instead of
 * choosing ("The syllabus says July 15; Due dates says July 13.").
 */
function withConflictsNamed(answer: FactAnswer): FactAnswer {
  const byFact = new Map<string, FactSheetEntry[]>();
  for (const f of answer.facts) {
    const key = `${f.kind}|${f.subject.toLowerCase()}|${f.attribute}`;
    byFact.set(key, [...(byFact.get(key) ?? []), f]);
  }
  const conflicts = [...byFact.values()].filter(
    (group) =>
      new Set(group.map((f) => f.value)).size > 1 &&
      new Set(group.map((f) => f.contentId ?? 'teacher')).size > 1,
  );
  if (conflicts.length === 0) return answer;
  const sourceOf = (f: FactSheetEntry) =>
    f.contentTitle
      ? /^syllabus$/i.test(f.contentTitle)
        ? 'the syllabus'
        : f.contentTitle
      : 'your teacher';
  const lines = conflicts.map((group) => {
    const first = group[0]!;
    const says = group.map((f) => `${sourceOf(f)} says ${f.value}`);
    return sentence(`${first.subject} (${first.attribute.replace(/_/g, ' ')}): ${says.join('; ')}`);
  });
  return { ...answer, response: lines.join(' ') };
}

/** Every telling word of the question is in the facts the answer uses. */
function accountsFor(answer: FactAnswer, question: Question): boolean {
  const said = new Set(answer.facts.flatMap((f) => contentWords(`${f.subject} ${f.value}`)));
  return question.unexplained.every((w) => said.has(stem(w)));
}

/** The fact answer to the question, or null when no fact of the sheet answers it. */
export function answerFromFacts(question: Question, sheet: Sheet): FactAnswer | null {
  if (sheet.length === 0 || question.notAFact || question.concepts.size === 0) return null;
  for (const answer of ANSWERERS) {
    const found = answer(sheet, question);
    if (found && accountsFor(found, question)) return withConflictsNamed(found);
  }
  return null;
}

/**
 * The facts worth showing a language model with this question, most relevant first: those of a
 * fact answer, then those of the kinds the question asks about or naming its words. At most `max`.
 */
export function factsForQuestion(question: Question, sheet: Sheet, max = 40): Sheet {
  const answer = answerFromFacts(question, sheet);
  const kinds = new Set([...question.concepts].flatMap((c) => definitionOf(c).facts));
  const asked = new Set(question.words.filter((w) => !NOT_TELLING.has(w)).map(stem));
  const mentions = (f: FactSheetEntry) =>
    contentWords(`${f.subject} ${f.value}`).some((w) => asked.has(w));
  const ranked = [
    ...(answer?.facts ?? []),
    ...sheet.filter((f) => kinds.has(f.kind) && mentions(f)),
    ...sheet.filter((f) => kinds.has(f.kind)),
    ...sheet.filter(mentions),
  ];
  return [...new Set(ranked)].slice(0, max);
}
