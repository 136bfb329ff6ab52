import { answerShapesOf, definitionOf, type AnswerShape } from '../answering/concepts.ts';
import { conceptOfSeed, isYesNoQuestion, parseQuestion } from '../answering/question.ts';
import { keyWords } from '../conversations/question-groups.ts';

/**
 * "The same question in other words", for checked answers, through the engine's one reading of a
 * question and its group key. A question is about its words (question_group_key: stemmed, stop
 * words out, as the teacher's screens group questions) and the concepts the engine reads in it
 * (concepts.ts: "book" and "textbook" both name texts), leaving out the class's own name and
 * code, which every question of the class is about. A student's question takes a checked
 * question's answer when
 * - each is mostly about what the other is about (SAME_SUBJECT_SHARE both ways);
 * - the student asks for no kind of answer (a time, a place, a weight…) that the checked question
 *   does not (asksNoMore), and both, or neither, ask whether something holds.
 * What a question asks for is left to that second test, so the question words (when, where) and
 * the words naming the kind of answer ("what time", "which room") are not part of what it is
 * about. Precision first: a question that matches nothing is
 * answered by the engine as before, while a wrong match would state a checked answer to another
 * question ("when is the midterm" is not "when is the final exam").
 */
export type Wording = { question: string; questionKey: string };

/**
 * Of what each question is about, the share the other must be about too: "when are eric's office
 * hours" (3 of its 4 words and concepts) asks "When are the office hours?"; "how do i record that
 * i participated in office hours" (3 of 5) does not.
 */
const SAME_SUBJECT_SHARE = 2 / 3;

/** Words every question of a class may use for the class itself. */
const CLASS_WORDS = ['class', 'cours'];
const QUESTION_WORDS = /\b(what|when|where|who|whom|which|how|why)\b/gi;
/**
 * "Is there a final?", "are there any prereqs", "do I need a textbook": asks for the thing itself
 * (what it is, when, which), as "What are the prerequisites?" does, not whether a statement holds.
 */
const EXISTENCE = /^\s*(is there|are there|do (i|we) (need|have to))\b/i;
/** "this class", "the course": the class itself, not its meetings (as retrieval/vocabulary.ts) */
const THE_CLASS = /\b(this|our|my|the) (class|course)\b/gi;

type Reading = { about: Set<string>; shapes: Set<unknown>; yesNo: boolean };

/**
 * Words that name the kind of answer asked for ("what time", "which room"), not its subject: the
 * answer shapes' own answerWords (concepts.ts). The group key has their stems ("schedul" for
 * "schedule"), so a stem that begins one of them goes too.
 */
function answerWordsOf(question: string, shapes: AnswerShape[]): string[] {
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.filter((w) => shapes.some((s) => s.answerWords?.test(w)));
}

/**
 * Words that name a concept as its other words do ("book", "textbook"; "lecture", "meet"): the
 * concept stands for them, so two wordings of one thing are about the same. A concept whose words
 * name different things (distinctWords: "midterm", "final") keeps them.
 */
function synonymWordsOf(question: string): string[] {
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.filter((w) => {
    const concept = conceptOfSeed(w);
    return concept !== undefined && !definitionOf(concept).distinctWords;
  });
}

function readingOf({ question, questionKey }: Wording): Reading {
  const shapes = answerShapesOf(question);
  const answerWords = answerWordsOf(question, shapes);
  const named = [...answerWords, ...synonymWordsOf(question)];
  const subject = question
    .replace(QUESTION_WORDS, ' ')
    .replace(THE_CLASS, ' ')
    .replace(/[a-z]+/gi, (w) => (answerWords.includes(w.toLowerCase()) ? ' ' : w));
  const words = [...keyWords(questionKey)].filter((stem) => !named.some((w) => w.startsWith(stem)));
  const concepts = [...parseQuestion(subject).concepts].map((c) => `concept:${c}`);
  return {
    about: new Set([...words, ...concepts]),
    shapes: new Set(shapes),
    yesNo: isYesNoQuestion(question) && !EXISTENCE.test(question),
  };
}

/** Checked questions are few and read again on every ask: their readings are kept. */
const READINGS_KEPT = 2000;
const kept = new Map<string, Reading>();

function keptReadingOf(w: Wording): Reading {
  const id = `${w.questionKey}\u0000${w.question}`;
  let reading = kept.get(id);
  if (!reading) {
    if (kept.size >= READINGS_KEPT) kept.clear();
    reading = readingOf(w);
    kept.set(id, reading);
  }
  return reading;
}

/**
 * Every kind of answer the student asks for is one the checked question asks for ("who is the TA
 * and when are their office hours" asks for a person too). A checked question that asks for no
 * kind in particular ("How do I get accommodations?") is answered as a whole, where to go and
 * whom to see included.
 */
const asksNoMore = (asked: Set<unknown>, checked: Set<unknown>) =>
  checked.size === 0 || [...asked].every((x) => checked.has(x));

/** What a question is about, without the class's own name words and numbers. */
const aboutIn = (r: Reading, classWords: Set<string>) =>
  [...r.about].filter((w) => !classWords.has(w) && !/^\d+$/.test(w));

function score(asked: Reading, checked: Reading, classWords: Set<string>): number {
  if (asked.yesNo !== checked.yesNo || !asksNoMore(asked.shapes, checked.shapes)) return 0;
  const a = aboutIn(asked, classWords);
  const c = aboutIn(checked, classWords);
  if (c.length === 0 || a.length === 0) return 0;
  const shared = c.filter((w) => asked.about.has(w)).length;
  const same = shared / c.length >= SAME_SUBJECT_SHARE && shared / a.length >= SAME_SUBJECT_SHARE;
  // the closer of two candidates is the one sharing more of both
  return same ? (shared * shared) / (a.length * c.length) : 0;
}

/** The class's own name words (from the group key of its code and name), and "class", "course". */
export const classWordsOf = (classKey: string | null): Set<string> =>
  new Set([...(classKey ? keyWords(classKey) : []), ...CLASS_WORDS]);

/** How close `asked` is to `checked` (0–1) when it asks the same, else 0. */
export const sameQuestionScore = (
  asked: Wording,
  checked: Wording,
  classWords = classWordsOf(null),
): number => score(readingOf(asked), readingOf(checked), classWords);

/** The candidate the student's question asks the same as, the closest when several do. */
export function matchingQuestion<T extends Wording>(
  student: Wording,
  candidates: T[],
  classWords = classWordsOf(null),
): T | null {
  const asked = readingOf(student);
  let best: T | null = null;
  let bestScore = 0;
  for (const c of candidates) {
    const s = score(asked, keptReadingOf(c), classWords);
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}
