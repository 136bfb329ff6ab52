import { answerShapesOf } from '../answering/concepts.ts';
import { isYesNoQuestion } from '../answering/question.ts';
import { jaccard, keyWords, SAME_WORDS_SHARE } from '../conversations/question-groups.ts';

/**
 * "The same question in other words", for checked answers: a student's question takes a checked
 * question's answer when both
 * - share most of their words as the teacher's screens group questions (question_group_key:
 *   stemmed, stop words out; at least SAME_WORDS_SHARE of them, Jaccard), and
 * - the engine reads them as asking for the same kinds of answer (a time, a place, a weight…,
 *   concepts.ts) and both, or neither, ask whether something holds.
 * The question words themselves (what, when) are left to the second test: "what time are office
 * hours" asks what "when are the office hours" asks. Precision first: a question that matches
 * nothing is answered by the engine as before, while a wrong match would state a checked answer
 * to another question ("when is the midterm" is not "when is the final exam").
 */
export type Wording = { question: string; questionKey: string };

type Reading = { words: Set<string>; shapes: Set<unknown>; yesNo: boolean };

/** Checked questions are few and read again on every ask: their readings are kept. */
const READINGS_KEPT = 2000;
const kept = new Map<string, Reading>();

function readingOf({ question, questionKey }: Wording): Reading {
  return {
    words: keyWords(questionKey),
    shapes: new Set(answerShapesOf(question)),
    yesNo: isYesNoQuestion(question),
  };
}

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

const sameSet = (a: Set<unknown>, b: Set<unknown>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

function score(a: Reading, b: Reading): number {
  if (a.yesNo !== b.yesNo || !sameSet(a.shapes, b.shapes)) return 0;
  const share = jaccard(a.words, b.words);
  return share >= SAME_WORDS_SHARE ? share : 0;
}

/** How much `a` and `b` share (0–1) when they ask the same thing, else 0. */
export const sameQuestionScore = (a: Wording, b: Wording): number =>
  score(readingOf(a), readingOf(b));

/** The candidate the student's question asks the same as, the closest when several do. */
export function matchingQuestion<T extends Wording>(student: Wording, candidates: T[]): T | null {
  const asked = readingOf(student);
  let best: T | null = null;
  let bestScore = 0;
  for (const c of candidates) {
    const s = score(asked, keptReadingOf(c));
    if (s > bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}
