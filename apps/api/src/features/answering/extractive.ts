import type { ReplyKind } from '@app/contracts';
import { clip, MAX_ANSWER_CHARS } from './clip.ts';
import type { RetrievalService, SearchTerms, TermGroup } from '../retrieval/retrieval.service.ts';
import type { FactSheetEntry, FactsService } from '../facts/facts.service.ts';
import {
  confidenceOf,
  DEFAULT_MIN_CONFIDENCE,
  FACT_CONFIDENCE,
  YES_NO_EXTRA_COVERAGE,
} from './confidence.ts';
import { excerptOfFacts, excerptOfUnits, shownText } from './excerpt.ts';
import { answerFromFacts, type FactAnswer } from './fact-answers.ts';
import { isStatedKind } from './fact-trust.ts';
import { parseQuestion, uninflected, type Question } from './question.ts';
import type { AnswerShape } from './concepts.ts';
import { unitsOf, type Unit } from './units.ts';
import { similarity, vectorOf } from '../retrieval/word-vectors.ts';

export { MAX_ANSWER_CHARS };
export const NOT_COVERED =
  "I couldn't find this in the course material for this class. You can use Contact Teacher to ask your teacher directly.";

/** Where answers read a class's material: its chunks and lexicon, and its fact sheet. */
export type MaterialSources = {
  retrieval: RetrievalService;
  facts: Pick<FactsService, 'sheet'>;
};

export type Citation = { content_id: string; title: string; content_type: string; excerpt: string };
export type Answer = {
  response: string;
  /** an answer the assistant stands behind, an excerpt of the material, or none (decision 013) */
  kind: ReplyKind;
  sourceType: 'syllabus' | 'content' | 'other';
  citations: Citation[];
  tokensUsed: number;
  /** how sure the answerer is that the reply answers the question, 0–1 (see confidence.ts) */
  confidence?: number;
};

/** The words hold the question word, or one of its alternative phrases whole. */
const holds = (group: TermGroup, lexemes: Set<string>) =>
  group.phrases.some((phrase) => phrase.every((l) => lexemes.has(l)));

/**
 * One word of a unit answers one word of the question: an alternative of a question word that is
 * another question word ("penalty" for "late" in "the penalty for late homework") does not count
 * for it, or a unit saying only "penalty" would cover both. Two words that stand for each other
 * ("disability accommodations") say one thing twice, and keep each other; so does a word the
 * material never uses.
 */
export function withoutOthersWords(group: TermGroup, all: TermGroup[]): TermGroup {
  // the material never uses the word itself: its alternatives are all there is to go by
  if (!group.own) return group;
  const mine = new Set(group.phrases.flat());
  // the two share a way of saying it besides the other's own word
  const mutual = (o: TermGroup) => o.phrases.flat().some((l) => l !== o.own && mine.has(l));
  const others = new Set(all.filter((o) => o !== group && o.own && !mutual(o)).map((o) => o.own!));
  const phrases = group.phrases.filter(
    (p) => (p.length === 1 && p[0] === group.own) || !p.every((l) => others.has(l)),
  );
  return phrases.length === group.phrases.length ? group : { ...group, phrases };
}

/**
 * Every weight by which a unit of the material is scored and chosen, in one place. They were set by
 * hand and checked on the evaluation sets; the confidence is calibrated on the resulting scores
 * (confidence.ts), so a change here needs a new calibration (decision 007).
 */
export const SCORE_WEIGHTS = {
  /** a question word the unit holds in its own words */
  inText: 1,
  /** the unit holds only an alternative of the word ("exam" for "midterm"): a little less sure */
  alternativeOnly: 0.85,
  /** a word that only names the kind of answer ("worth"), and the unit holds one ("30%") */
  answeredByEvidence: 1,
  /** the word is in the unit's label, lead-in or table header: said of the unit, not in it */
  inContext: 0.9,
  /** the word is in the passage's heading: the section is about it */
  inHeading: 0.75,
  /** the word is in the units before it in the passage: nearby, less surely about this unit */
  inBefore: 0.5,
  /** added when the unit holds every kind of answer asked for (a date, a room…), shared among them */
  evidence: 0.35,
  /** added in proportion to the passage's search rank against the best passage's */
  passageRank: 0.15,
  /** taken off a unit longer than longUnitChars: it says many things, and is a poor answer */
  longUnit: 0.15,
  longUnitChars: 400,
  /** how much of the question the best unit must cover: with one question word, and with more */
  coverageOneWord: 0.6,
  coverageSeveralWords: 0.5,
  /** less needed when the unit is checked to hold the kind of answer asked for */
  kindChecked: 0.05,
  /** more needed when a telling word of the question is one the material never uses */
  unknownTopic: 0.1,
  /** a unit beside the best is shown with it when it scores at least this share of the best */
  nearTie: 0.8,
  /** at most this many units, of at most this many characters together, are shown */
  shownUnits: 3,
  shownChars: 600,
} as const;
const W = SCORE_WEIGHTS;

/**
 * How much of the question the best unit must cover; its margin over this is what the confidence
 * is calibrated on. Less when the question has several words, or asks for a kind of thing the unit
 * is checked to hold; more when a telling word is one the material never uses, or when the
 * question asks whether a whole statement holds (YES_NO_EXTRA_COVERAGE).
 */
export function coverageNeeded(
  question: Pick<Question, 'yesNo'>,
  groups: number,
  checksKind: boolean,
  unknownTopic: boolean,
): number {
  return (
    (groups >= 2 ? W.coverageSeveralWords : W.coverageOneWord) -
    (checksKind ? W.kindChecked : 0) +
    (unknownTopic ? W.unknownTopic : 0) +
    (question.yesNo ? YES_NO_EXTRA_COVERAGE : 0)
  );
}

/**
 * Below this word-vector similarity, two words that stem alike are different words ("objectives"
 * and "objects" 0.21, "university" and "universal" 0.21, "policy" and "police" 0.32) rather than
 * forms of one ("participate" and "participation" 0.74, "grade" and "grading" 0.46).
 */
const SAME_WORD_SIMILARITY = 0.3;

/**
 * A question word whose stem matches can be judged by meaning: spelt as asked (a misspelling was
 * corrected to the material's stem) and known to the word vectors. Once per question.
 */
export function stemJudgeable(group: TermGroup): boolean {
  const word = group.word.toLowerCase();
  return !!group.own && word.startsWith(group.own) && vectorOf(word) !== undefined;
}

/** A unit's words, lower case, for stemCollides. Once per unit. */
export const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/**
 * The unit holds the question word's stem only through a different word: "Objects" in a book
 * title for "objectives". Judged on the unit's words that begin with the stem; the group is one
 * stemJudgeable allows.
 */
export function stemCollides(group: TermGroup, unitWords: string[]): boolean {
  const word = group.word.toLowerCase();
  const forms = unitWords.filter((t) => t.startsWith(group.own!));
  return (
    forms.length > 0 &&
    forms.every(
      (t) =>
        t !== word &&
        uninflected(t) !== uninflected(word) &&
        similarity(t, word) < SAME_WORD_SIMILARITY,
    )
  );
}

const withoutOwn = (group: TermGroup): TermGroup => ({
  ...group,
  phrases: group.phrases.filter((p) => !(p.length === 1 && p[0] === group.own)),
  own: null,
});

/** A question word that only says what kind of answer is wanted, and the unit holds one. */
function answeredBy(group: TermGroup, text: string, asks: AnswerShape[]): boolean {
  return asks.some((a) => a.answerWords?.test(group.word) && a.evidence.test(text));
}

type RankedUnit = Unit & {
  score: number;
  coverage: number;
  hits: number;
  /** some question word is only in the unit's label, lead-in or header */
  fromContext: boolean;
};

/** Every unit of the best passages for the question, best first, with how well it covers it. */
async function rankUnits(
  retrieval: RetrievalService,
  classId: string,
  question: Question,
  classNames: Set<string>,
): Promise<{ terms: SearchTerms; ranked: RankedUnit[] }> {
  const terms = await retrieval.searchTerms(classId, question, classNames);
  const passages = await retrieval.retrieve(classId, terms, 20);
  // neighbouring chunks overlap: the same sentence may come twice
  const seen = new Set<string>();
  const candidates = passages
    .flatMap((p, i) => unitsOf(p, i * 1000))
    .filter((u) => !seen.has(u.text) && seen.add(u.text));
  // one round trip: every unit, its context, and each passage's heading once
  const analysed = await retrieval.lexemesOfTexts([
    ...candidates.map((c) => c.text),
    ...candidates.map((c) => c.context.join(' \n ')),
    ...candidates.map((c) => c.before.join(' \n ')),
    ...passages.map((p) => p.heading ?? ''),
  ]);
  const n = candidates.length;
  const headingOf = new Map(passages.map((p, i) => [p, new Set(analysed[3 * n + i])]));
  const { asks } = question;
  if (passages.length === 0) return { terms, ranked: [] };
  const topRank = passages[0]!.rank || 1;

  // Words the material never uses count by how telling they are: everyday words ("go", "happen")
  // should not sink a question the material answers, but "parking" or "chatgpt" should.
  // Rare words in the material weigh more (IDF in this class's material).
  const present = terms.groups.filter((g) => g.lexemes.length > 0);
  const averageWeight = present.length
    ? present.reduce((sum, g) => sum + g.weight, 0) / present.length
    : 1;
  const weightOf = (g: TermGroup) => (g.lexemes.length ? g.weight : g.missWeight * averageWeight);
  const weightOfQuestion = terms.groups.reduce((w, g) => w + weightOf(g), 0) || 1;
  const groups = terms.groups.map((g) => withoutOthersWords(g, terms.groups));
  const judgeable = new Set(groups.filter(stemJudgeable));

  const scored = candidates.map((c, i) => {
    const own = new Set(analysed[i]);
    const context = new Set(analysed[n + i]);
    const inHeading = headingOf.get(c.passage)!;
    const before = new Set(analysed[2 * n + i]);
    let covered = 0;
    let hits = 0;
    let fromContext = false;
    const unitWords = judgeable.size ? wordsOf(c.text) : [];
    for (const g0 of groups) {
      const g = judgeable.has(g0) && stemCollides(g0, unitWords) ? withoutOwn(g0) : g0;
      const inText = holds(g, own) || answeredBy(g, c.text, asks);
      const share = holds(g, own)
        ? g.own && !own.has(g.own)
          ? W.alternativeOnly
          : W.inText
        : answeredBy(g, c.text, asks)
          ? W.answeredByEvidence
          : holds(g, context)
            ? W.inContext
            : holds(g, inHeading)
              ? W.inHeading
              : holds(g, before)
                ? W.inBefore
                : 0;
      covered += share * weightOf(g);
      if (share > 0) hits += 1;
      if (share > 0 && !inText) fromContext = true;
    }
    const coverage = covered / weightOfQuestion;
    const satisfied = asks.filter((a) => a.evidence.test(c.text)).length;
    const evidence = asks.length ? (W.evidence * satisfied) / asks.length : 0;
    const score =
      coverage +
      evidence +
      W.passageRank * (c.passage.rank / topRank) -
      (c.text.length > W.longUnitChars ? W.longUnit : 0);
    return { ...c, score, coverage, hits, fromContext };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return { terms, ranked: scored };
}

/**
 * Answers from the class's own material: retrieves passages, splits them into sentences, list
 * items and table rows (each with its label, lead-in or header as context), scores each by how much
 * of the question it covers and whether it holds the kind of thing asked for, and returns the best
 * with its section as context, and how sure it is. Below `minConfidence` it says the material does
 * not cover the question and points to the closest passage as a hint (source `other`).
 * Deterministic.
 */
export async function answerExtractively(
  { retrieval, facts }: MaterialSources,
  classId: string,
  text: string,
  minConfidence = DEFAULT_MIN_CONFIDENCE,
): Promise<Answer> {
  const [sheet, classNames] = await Promise.all([
    facts.sheet(classId),
    retrieval.classNameWords(classId),
  ]);
  const question = parseQuestion(text, classNames);
  const fact = answerFromFacts(question, sheet);
  if (fact && FACT_CONFIDENCE >= minConfidence)
    return fact.facts.every(standsBehind) ? factReply(fact) : factExcerpt(fact);
  const { terms, ranked: scored } = await rankUnits(retrieval, classId, question, classNames);
  const { asks } = question;
  // Asked when / where / who / how much: only a unit holding a date, place, name or number can
  // answer; when none of the close ones does, the material most likely does not say.
  const answers = (u: RankedUnit) => asks.length === 0 || asks.some((a) => a.evidence.test(u.text));
  const eligible = scored.filter(answers);
  const best = eligible[0];
  if (!best || best.hits === 0) return notCovered(0);
  // The best unit must hold a real share of what the question asks about; holding the kind of
  // thing asked for is itself a sign (a little less coverage will do), and a telling word the
  // material never uses ("chatgpt", "curved", "parking") is a sign it does not say.
  const unknownTopic = terms.groups.some(
    (g) => g.lexemes.length === 0 && g.telling && !answeredBy(g, best.text, asks),
  );
  const needed = coverageNeeded(question, terms.groups.length, asks.length > 0, unknownTopic);
  const confidence = confidenceOf(best.coverage - needed);
  const chosen = answerUnits(best, eligible, scored);
  if (confidence < minConfidence) return notCovered(confidence);
  return {
    response: excerptOfUnits(best, chosen, scored),
    kind: 'excerpt',
    sourceType: best.passage.contentType === 'syllabus' ? 'syllabus' : 'content',
    citations: citationsOf(chosen),
    tokensUsed: 0,
    confidence,
  };
}

/** A fact-sheet answer, citing the lines its facts were read from. */
function factReply({ response, facts }: FactAnswer): Answer {
  const byContent = new Map<string, FactSheetEntry[]>();
  for (const f of facts)
    byContent.set(f.contentId ?? '', [...(byContent.get(f.contentId ?? '') ?? []), f]);
  const citations = [...byContent.entries()].map(([contentId, group]) => ({
    content_id: contentId || group[0]!.id,
    title: group[0]!.contentTitle ?? TEACHER_FACTS_TITLE,
    content_type: group[0]!.contentType ?? 'content',
    excerpt: clip(
      [...new Set(group.map((f) => f.sourceText ?? `${f.subject}: ${f.value}`))].join(' '),
      300,
    ),
  }));
  const fromSyllabus = facts.every((f) => f.contentType === 'syllabus');
  return {
    response: clip(response, MAX_ANSWER_CHARS),
    kind: 'answer',
    sourceType: fromSyllabus ? 'syllabus' : 'content',
    citations,
    tokensUsed: 0,
    confidence: FACT_CONFIDENCE,
  };
}

/**
 * A fact the assistant states as its own answer: the teacher's (added, corrected or confirmed), or
 * of a kind the extractor reads precisely enough (fact-trust.ts). Other facts are quoted.
 */
const standsBehind = (f: FactSheetEntry) => f.origin === 'teacher' || isStatedKind(f.kind);

/** Facts the assistant does not state as its own: the lines they were read from, quoted. */
function factExcerpt(fact: FactAnswer): Answer {
  const stated = factReply(fact);
  return {
    ...stated,
    response: excerptOfFacts(fact.facts, fact.facts[0]!.subject),
    kind: 'excerpt',
  };
}

/** Where a teacher's own fact comes from, for the student's source chip. */
const TEACHER_FACTS_TITLE = 'Course facts (from your teacher)';

/** The honest reply: the material does not cover the question. */
function notCovered(confidence: number): Answer {
  return {
    response: NOT_COVERED,
    kind: 'none',
    sourceType: 'other',
    citations: [],
    tokensUsed: 0,
    confidence,
  };
}

/** The best unit, near-ties that may hold the part of the answer it lacks, and its continuation. */
function answerUnits(best: RankedUnit, eligible: RankedUnit[], scored: RankedUnit[]): RankedUnit[] {
  const chosen = [best];
  for (const s of eligible.slice(1)) {
    if (chosen.length === W.shownUnits || s.score < best.score * W.nearTie) break;
    const length = chosen.reduce((sum, c) => sum + c.text.length, 0) + s.text.length;
    if (length <= W.shownChars) chosen.push(s);
  }
  // "I will not reset quizzes. Instead, I will drop the lowest score.": the next sentence goes on
  const next = scored.find((u) => u.passage === best.passage && u.order === best.order + 1);
  if (next && CONTINUES.test(next.text) && !chosen.includes(next) && next.text.length < 300)
    chosen.push(next);
  return chosen.sort((a, b) => a.order - b.order);
}

function citationsOf(chosen: Unit[]): Citation[] {
  const byContent = new Map<string, Unit[]>();
  for (const c of chosen)
    byContent.set(c.passage.contentId, [...(byContent.get(c.passage.contentId) ?? []), c]);
  return [...byContent.values()].map((units) => ({
    content_id: units[0]!.passage.contentId,
    title: units[0]!.passage.title,
    content_type: units[0]!.passage.contentType,
    excerpt: clip(units.map(shownText).join(' '), 300),
  }));
}

const CONTINUES =
  /^(instead|however|but|otherwise|alternatively|in that case|if so|this means|that means)\b/i;
