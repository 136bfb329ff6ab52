import { FACT_KINDS, type CourseFact, type FactKind } from '@app/contracts';

/** Each kind of fact as a teacher reads it, in the order the view lists them. */
export const FACT_KIND_LABELS: Record<FactKind, string> = {
  meeting: 'Meeting times and places',
  staff: 'Instructors and TAs',
  prerequisite: 'Prerequisites',
  corequisite: 'Corequisites',
  text: 'Texts',
  software: 'Software',
  grading: 'Grading',
  grade_scale: 'Grade scale',
  exam: 'Exams',
  policy: 'Policies',
  accommodations: 'Accommodations',
  key_date: 'Key dates',
};

/** Attributes the extractor writes, offered as suggestions when a teacher adds a fact. */
export const ATTRIBUTE_SUGGESTIONS: Record<FactKind, string[]> = {
  meeting: ['time', 'place', 'format'],
  staff: ['role', 'email', 'phone', 'office', 'office_hours', 'website'],
  prerequisite: ['requirement'],
  corequisite: ['requirement'],
  text: ['required', 'optional'],
  software: ['use'],
  grading: ['weight'],
  grade_scale: ['range'],
  exam: ['date', 'format'],
  policy: ['summary'],
  accommodations: ['summary', 'office', 'email', 'phone', 'website'],
  key_date: ['date'],
};

/** Lower-case words the extractor uses as subjects (policy topics), as a teacher would write them. */
const SUBJECT_LABELS: Record<string, string> = {
  ai: 'AI use',
  late: 'Late work',
  makeup: 'Make-up work',
  integrity: 'Academic integrity',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** office_hours → Office hours */
export function attributeLabel(attribute: string): string {
  return capitalise(attribute.replace(/_+/g, ' ').trim());
}

/** Office hours → office_hours: what a teacher types, as the contract's attribute word. */
export function toAttribute(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** late → Late work; a subject the syllabus spells (Dr. Kung, Midterm 1) is kept as it is. */
export function subjectLabel(subject: string): string {
  return SUBJECT_LABELS[subject] ?? (/^[a-z]/.test(subject) ? capitalise(subject) : subject);
}

/** A row of the view: what students are told, and the extracted fact a correction replaced. */
export interface FactEntry {
  fact: CourseFact;
  /** the extracted fact this teacher fact corrects (shown struck through under it) */
  original: CourseFact | null;
}

export interface FactGroup {
  kind: FactKind;
  label: string;
  entries: FactEntry[];
}

/** The row's stable key: a correction takes its extracted fact's place. */
export const entryKey = (entry: FactEntry) => entry.original?.id ?? entry.fact.id;

/**
 * Groups facts by kind in FACT_KINDS order, keeping the server's order within a kind. A
 * correction is shown in place of the fact it overrides; hidden facts are left out, but those
 * hidden just now (`justHidden`) keep their place, to be undone.
 */
export function groupFacts(
  facts: CourseFact[],
  justHidden: ReadonlySet<string> = new Set(),
): FactGroup[] {
  const byId = new Map(facts.map((fact) => [fact.id, fact]));
  const entries: FactEntry[] = [];
  for (const fact of facts) {
    if (fact.status === 'hidden') {
      if (justHidden.has(fact.id)) entries.push({ fact, original: null });
      continue;
    }
    if (fact.status === 'overridden') {
      const correction = fact.overridden_by ? byId.get(fact.overridden_by) : undefined;
      if (correction) entries.push({ fact: correction, original: fact });
      continue;
    }
    const correctsListedFact = fact.overrides_id !== null && byId.has(fact.overrides_id);
    if (!correctsListedFact) entries.push({ fact, original: null });
  }
  return FACT_KINDS.map((kind) => ({
    kind,
    label: FACT_KIND_LABELS[kind],
    entries: entries.filter((entry) => entry.fact.kind === kind),
  })).filter((group) => group.entries.length > 0);
}

/**
 * A correction that says what was extracted: the teacher confirmed the fact (PATCH with its own
 * value), so students are given it as an answer rather than a quotation of the material.
 */
export function isConfirmed(entry: FactEntry): boolean {
  const { fact, original } = entry;
  return (
    fact.origin === 'teacher' &&
    original !== null &&
    !isRefiled(entry) &&
    fact.value.trim() === original.value.trim()
  );
}

/** A correction that files the fact under another kind, subject or attribute than was read. */
export function isRefiled(entry: FactEntry): boolean {
  const { fact, original } = entry;
  return (
    original !== null &&
    (fact.kind !== original.kind ||
      fact.subject.trim().toLowerCase() !== original.subject.trim().toLowerCase() ||
      fact.attribute !== original.attribute)
  );
}

/** An extracted fact in use, neither corrected nor confirmed yet: the teacher can confirm it. */
export function canConfirm(entry: FactEntry): boolean {
  const { fact, original } = entry;
  return fact.origin === 'extracted' && fact.status === 'active' && original === null;
}

/** What the teacher did with a fact, as its badge says; null for an extracted fact. */
export function teacherBadge(entry: FactEntry): string | null {
  if (entry.fact.origin !== 'teacher') return null;
  if (isConfirmed(entry)) return 'Confirmed';
  return entry.fact.overrides_id !== null ? 'Your correction' : 'Added by you';
}
