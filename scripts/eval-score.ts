/**
 * Scoring rules of the answer-quality evaluation (docs/evaluation.md, "Scoring").
 * Pure functions: no I/O, so the rules can be unit-tested on their own.
 */

/** A reply longer than this (in characters) pastes material instead of answering. */
export const MAX_RESPONSE_CHARS = 700;

export type EvalQuestion = {
  id: string;
  question: string;
  answerable: boolean;
  /** accepted answers of an answerable question */
  answers?: string[];
  evidence?: string;
};

/** What a reply is (decision 013): a statement, a quotation of the material, or nothing. */
export type ReplyKind = 'answer' | 'excerpt' | 'none';

/**
 * What the ask endpoint answered; source_type is null when there was no usable answer, kind
 * absent when the server sends none.
 */
export type EvalReply = { response: string; source_type: string | null; kind?: ReplyKind | null };

export type MissReason = 'declined' | 'not found' | 'source other' | 'too long' | 'should decline';

/**
 * The reply's kind; a server that sends none gives an answer unless its source is 'other', which
 * says the material does not cover the question.
 */
export function kindOf(reply: EvalReply): ReplyKind {
  if (reply.kind === 'answer' || reply.kind === 'excerpt' || reply.kind === 'none')
    return reply.kind;
  // no usable reply at all (a failed request) is not a "not covered": it counts as a miss
  return reply.source_type === 'other' ? 'none' : 'answer';
}

export type QuestionScore = { correct: boolean; reason: MissReason | null };

/** NFKC, lower case, whitespace runs to one space, the Markdown marks * _ ` # > | removed. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/[*_`#>|]/g, '');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `needle` occurs in `haystack` as a whole: the characters right before and after the
 * occurrence, if any, are not letters or digits ('5%' is not in '25%', 'two' not in 'network').
 * Compares the strings as given: normalise both first.
 */
export function containsWhole(haystack: string, needle: string): boolean {
  if (!needle) return false;
  const whole = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, 'u');
  return whole.test(haystack);
}

/** Length in characters (code points), not UTF-16 units. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

function scoreAnswerable(answers: string[], reply: EvalReply): QuestionScore {
  if (kindOf(reply) === 'none') return { correct: false, reason: 'declined' };
  if (reply.source_type === 'other') return { correct: false, reason: 'source other' };
  const response = normalise(reply.response);
  if (!answers.some((a) => containsWhole(response, normalise(a))))
    return { correct: false, reason: 'not found' };
  if (charLength(reply.response) > MAX_RESPONSE_CHARS)
    return { correct: false, reason: 'too long' };
  return { correct: true, reason: null };
}

/**
 * An answerable question is correct when the reply is an answer or an excerpt, contains one of its
 * answers as a whole, its source is not 'other' and it is at most 700 characters; an unanswerable
 * one when the reply is none. A miss names its first failing rule in that order.
 */
export function scoreQuestion(q: EvalQuestion, reply: EvalReply): QuestionScore {
  if (q.answerable) return scoreAnswerable(q.answers ?? [], reply);
  return kindOf(reply) === 'none'
    ? { correct: true, reason: null }
    : { correct: false, reason: 'should decline' };
}

/** Misleading: an answer (a statement, not a quotation) that is wrong. */
export function isMisleading(q: EvalQuestion, reply: EvalReply): boolean {
  return kindOf(reply) === 'answer' && !scoreQuestion(q, reply).correct;
}

export type Tally = { correct: number; total: number; percent: number };

/** correct/total with the percentage to one decimal (0 when there is nothing to count). */
export function tally(results: { correct: boolean }[]): Tally {
  const correct = results.filter((r) => r.correct).length;
  const total = results.length;
  const percent = total ? Math.round((correct / total) * 1000) / 10 : 0;
  return { correct, total, percent };
}

export function formatTally(t: Tally): string {
  return `${t.correct}/${t.total} (${t.percent.toFixed(1)}%)`;
}
