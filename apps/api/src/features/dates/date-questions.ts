import { excerptText, type DatedKind, type DateQuestionKind } from '@app/contracts';
import type { Answer, Citation } from '../answering/answerer.ts';
import { clip } from '../answering/clip.ts';
import { addDays, nextWeekday, shortDay, weekOf } from './calendar.ts';
import { DUE, EXAM, type DatedEntry } from './dated-items.ts';

/**
 * Questions about time that the course's own dates answer: "what's due this week?", "when is the
 * next exam?", "is there class on Monday?", "what's due tomorrow?". Read from the question alone;
 * the days come from today in the class's time zone.
 */
export type DateQuestion = {
  kind: DateQuestionKind;
  /** the kinds of item asked about; null: anything dated */
  only: DatedKind[] | null;
  /** the weekday asked about (0 Sunday … 6 Saturday), for `weekday` */
  weekday?: number;
  /** "next Friday": not today's */
  nextOne?: boolean;
};

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY = /\b(next |this )?(sun|mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?)(day)?\b/i;

/** What is asked about: something due, an exam, or whether class meets. */
const ASKS_CLASS =
  /\b(is there|do we have|are we having|will there be|no|have) (class|lecture|lab)\b|\bclass (cancel+ed|on)\b/i;
/** A question about what is on the calendar, whatever it is */
const ASKS_ANYTHING =
  /\b(happening|coming up|going on|on the (schedule|calendar)|anything (due|on|happening)|what do we have)\b/i;

/** The next exam, test or quiz */
const NEXT_EXAM = /\b(next|upcoming|coming) (exam|midterm|test|quiz)\b/i;

/** "How do I turn it in on Friday?" asks for a way, not for what the calendar holds. */
const ASKS_A_WAY = /\b(how (do|can|should|would|to|much|many|long)|why)\b/i;

export function readDateQuestion(text: string): DateQuestion | null {
  if (ASKS_A_WAY.test(text)) return null;
  const only: DatedKind[] | null = ASKS_CLASS.test(text)
    ? ['no_class']
    : DUE.test(text)
      ? // what a student has to hand in or sit: an exam is due too
        ['due', 'exam']
      : EXAM.test(text)
        ? ['exam']
        : null;
  if (NEXT_EXAM.test(text)) return { kind: 'next_exam', only: ['exam'] };
  if (!only && !ASKS_ANYTHING.test(text)) return null;
  if (/\btomorrow\b/i.test(text)) return { kind: 'tomorrow', only };
  if (/\b(today|tonight)\b/i.test(text)) return { kind: 'today', only };
  if (/\bthis week\b/i.test(text)) return { kind: 'this_week', only };
  if (/\bnext week\b/i.test(text)) return { kind: 'next_week', only };
  const day = WEEKDAY.exec(text);
  if (day) {
    const weekday = WEEKDAYS.findIndex((w) => w.startsWith(day[2]!.toLowerCase().slice(0, 3)));
    return { kind: 'weekday', only, weekday, nextOne: /^next/i.test(day[1] ?? '') };
  }
  return null;
}

/** The days a question asks about, from `today` (YYYY-MM-DD in the class's zone). */
export function daysAsked(q: DateQuestion, today: string): { from: string; to: string } {
  switch (q.kind) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'this_week':
      return { from: today, to: weekOf(today).end };
    case 'next_week': {
      const start = addDays(weekOf(today).end, 1);
      return { from: start, to: addDays(start, 6) };
    }
    case 'weekday': {
      const day = nextWeekday(q.nextOne ? addDays(today, 1) : today, q.weekday!);
      return { from: day, to: day };
    }
    case 'next_exam':
      return { from: today, to: addDays(today, 366) };
  }
}

/** How many items a reply lists at most: a week's worth, not the term's schedule. */
const LISTED_MAX = 8;
const SOURCE_LINE_CHARS = 200;

const span = (from: string, to: string) =>
  from === to ? `on ${shortDay(from)}` : `from ${shortDay(from)} to ${shortDay(to)}`;

/** What the reply's list is of, and what "nothing in the material …" says, per kinds asked. */
const LISTED: Record<string, { heading: string; nothing: string }> = {
  any: { heading: 'Dated in the course material', nothing: 'is dated' },
  'due+exam': { heading: 'Due, and exams,', nothing: 'is due, and no exam is dated,' },
  exam: { heading: 'Exams and quizzes', nothing: 'dates an exam or quiz' },
  no_class: { heading: 'No class', nothing: 'says class is cancelled' },
};
const listedOf = (q: DateQuestion) => LISTED[q.only?.join('+') ?? 'any']!;

/**
 * The reply: the items of those days, each in the material's own words (an excerpt; an answer
 * when every one is the teacher's own), with their sources; or an honest "nothing in the
 * material" for those days.
 */
export function answerDateQuestion(q: DateQuestion, items: DatedEntry[], today: string): Answer {
  const { from, to } = daysAsked(q, today);
  let found = items.filter(
    (i) => i.date >= from && i.date <= to && (!q.only || q.only.includes(i.kind)),
  );
  if (q.kind === 'next_exam') found = found.filter((i) => i.date === found[0]?.date);
  if (found.length === 0) return nothingOn(q, from, to);
  const listed = found.slice(0, LISTED_MAX);
  const citations = citationsOf(listed);
  const heading =
    q.kind === 'next_exam' ? 'The next exam' : `${listedOf(q).heading} ${span(from, to)}`;
  const allTeachers = listed.every((i) => i.origin === 'teacher');
  const lines = listed.map((i) => `${shortDay(i.date)}: ${i.title}`);
  return {
    response: allTeachers
      ? `${heading}:\n${lines.join('\n')}`
      : excerptText([
          {
            lead: `${heading}, as your course material gives it:`,
            quote: listed
              .map((i) =>
                i.origin === 'teacher'
                  ? `${shortDay(i.date)}: ${i.title}`
                  : clip(oneLine(i.fact.sourceText ?? i.title), SOURCE_LINE_CHARS),
              )
              .join('\n'),
          },
        ]),
    kind: allTeachers ? 'answer' : 'excerpt',
    sourceType:
      citations.some((c) => c.content_type === 'syllabus') || citations.length === 0
        ? 'syllabus'
        : 'content',
    citations,
    tokensUsed: 0,
    confidence: 1,
  };
}

function nothingOn(q: DateQuestion, from: string, to: string): Answer {
  const when = q.kind === 'next_exam' ? 'after today' : span(from, to);
  return {
    response: `Nothing in the course material ${listedOf(q).nothing} ${when}.`,
    kind: 'none',
    sourceType: 'other',
    citations: [],
    tokensUsed: 0,
    confidence: 1,
  };
}

function citationsOf(items: DatedEntry[]): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const { fact } of items) {
    if (fact.contentId === null || !fact.sourceText) continue;
    const key = `${fact.contentId}\u0000${fact.sourceText}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      content_id: fact.contentId,
      title: fact.contentTitle ?? '',
      content_type: fact.contentType ?? 'syllabus',
      excerpt: clip(oneLine(fact.sourceText), SOURCE_LINE_CHARS),
    });
  }
  return out;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
