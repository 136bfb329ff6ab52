import { spokenRank } from '../retrieval/word-frequency.ts';
import { QUESTION_FILLERS } from '../retrieval/vocabulary.ts';
import { searchWordsOf } from '../retrieval/retrieval.service.ts';
import { similarity } from '../retrieval/word-vectors.ts';
import {
  answerShapesOf,
  CONCEPT_NAMES,
  definitionOf,
  LETTER_GRADE,
  type AnswerShape,
  type Concept,
} from './concepts.ts';

/**
 * What a question asks for, in the terms of the course fact sheet: a place, a time, a person's
 * e-mail, a share of the grade… Read from the question's words by their meaning: each concept
 * (concepts.ts) has a few seed words of general student and syllabus language, and a word that is
 * none of them still counts when general English word vectors put it close to one ("venue" → place).
 */
const PHRASES = CONCEPT_NAMES.flatMap((c): [RegExp, Concept][] => {
  const { phrase } = definitionOf(c);
  return phrase ? [[phrase, c]] : [];
});

/** A word this close to a concept's seed means it ("classroom" ~ "room"); measured on GloVe 100d. */
const SIMILAR_TO_SEED = 0.7;
/**
 * Only less common words are mapped by meaning: everyday words ("should", "long", "know") sit
 * close to many seeds in vector space without meaning them.
 */
const EVERYDAY_RANK = 3000;
const SHORT_WORD = 3;

const QUESTION_WORD = /[a-z][a-z0-9]*(?:['’][a-z]+)?/g;

/**
 * A word with its plural, -ing and -ed endings off, in lower case: "midterms" meets "Midterm",
 * "graded" "grade", "credited" "credit", "quizzes" "quizz".
 */
export const uninflected = (w: string) => w.toLowerCase().replace(/(?:'s|ies|es|s|ed|ing)$/, '');

export type Intent = {
  concepts: Set<Concept>;
  /**
   * Telling words of the question that name no concept ("recorded", "disability"): a fact answer
   * must account for each of them (in its facts' subjects or values), or it answers another
   * question than the one asked.
   */
  unexplained: string[];
  /** the letter grade asked about, upper case ("A", "B+") */
  letter: string | null;
  /** the question's words, lower case, for matching subjects (components, exams, people) */
  words: string[];
};

const seedOf = new Map<string, Concept>();
for (const concept of CONCEPT_NAMES)
  for (const s of definitionOf(concept).words) if (!seedOf.has(s)) seedOf.set(s, concept);
const ALL_SEEDS = [...seedOf.keys()].filter((s) => s.length > SHORT_WORD);
/** The concept a word is a seed of ("textbook" → text), if any. */
export const conceptOfSeed = (word: string): Concept | undefined => seedOf.get(word);

/** The concept a word is closest to, when it is close enough to one of its seeds. */
function conceptByMeaning(word: string): Concept | undefined {
  let best: Concept | undefined;
  let bestSimilarity = SIMILAR_TO_SEED;
  for (const seed of ALL_SEEDS) {
    const s = similarity(word, seed);
    if (s >= bestSimilarity) {
      bestSimilarity = s;
      best = seedOf.get(seed);
    }
  }
  return best;
}

/** Function words, and words that shape a question without naming what it is about. */
export const NOT_TELLING = new Set([
  ...QUESTION_FILLERS,
  ...'a an the and or but if then so of in on at to for from with by about as into over after before during until than this that these those it its is are was were be been being am do does did done have has had having i me my mine we us our you your he him his she her they them their there here what which who whom whose when where why how can could will would shall should may might must not no yes any some all each every other another more most much many such only own same just very too also again still even ever never always often ok let lets one myself yourself yourselves itself himself herself ourselves themselves'.split(
    ' ',
  ),
]);
/** Words this common say little about what is asked ("go", "see", "make", "take"). */
const COMMON_RANK = 400;

function telling(word: string, classNames: Set<string>): boolean {
  if (NOT_TELLING.has(word) || /^\d+$/.test(word)) return false;
  // "calc" for Calculus, "bio" for Biology: the class's own name
  if ([...classNames].some((n) => n === word || (word.length >= 3 && n.startsWith(word))))
    return false;
  return (spokenRank(word) ?? Infinity) > COMMON_RANK;
}

function intentOf(question: string, classNames: Set<string>): Intent {
  const text = question.toLowerCase().replace(/[’]/g, "'");
  const concepts = new Set<Concept>();
  let rest = text;
  for (const [pattern, concept] of PHRASES) {
    if (pattern.test(rest)) {
      concepts.add(concept);
      rest = rest.replace(pattern, ' ');
    }
  }
  const words = text.match(QUESTION_WORD)?.map((w) => w.replace(/'s$/, '')) ?? [];
  const unexplained: string[] = [];
  for (const word of rest.match(QUESTION_WORD)?.map((w) => w.replace(/'s$/, '')) ?? []) {
    const near =
      seedOf.get(word) ??
      (word.length > SHORT_WORD && (spokenRank(word) ?? Infinity) > EVERYDAY_RANK
        ? conceptByMeaning(word)
        : undefined);
    if (near) concepts.add(near);
    else if (telling(word, classNames)) unexplained.push(word);
  }
  // "when can I see her in her office": office hours
  if (concepts.has('office') && (concepts.has('time') || concepts.has('date')))
    concepts.add('officeHours');
  // "when" is a time for a class and a date for an exam: both seeds hold it
  if (concepts.has('time') && text.includes('when')) concepts.add('date');
  const letter =
    LETTER_GRADE.exec(question)?.[2]
      ?.replace(/^an?\s+/i, '')
      .toUpperCase() ?? null;
  if (letter) concepts.add('scale');
  return { concepts, unexplained, letter, words };
}

/** "is there any extra credit", "can I bring notes": asks whether something holds, as a whole */
const YES_NO_QUESTION =
  /^(is|are|was|will|would|does|do|did|can|could|should|may|must|has|have)\b/i;
export const isYesNoQuestion = (text: string) => YES_NO_QUESTION.test(text.trim());

/**
 * Durations, counts, reasons and consequences ("how long should I wait", "what happens if"): the
 * sheet holds places, times, people, requirements and weights, none of which answers these.
 */
const NOT_A_FACT =
  /\bhow (long|many|often)\b|\bwhy\b|\bwhat (happens|if|should)\b|\bwhat do i do\b/i;

/**
 * A student's question, read once: what the fact sheet, the search and the passages' checks all
 * go by. Nothing after parseQuestion reads the question's text again.
 */
export type Question = Intent & {
  /** as the student typed it */
  text: string;
  /** the words to search the material for: student phrasings in the syllabus's words, no fillers */
  searchWords: string[];
  /** the kinds of answer it asks for (a date, a room, a weight…), each checked in a unit */
  asks: AnswerShape[];
  /** it asks whether one whole statement holds ("is there any extra credit?", decision 007) */
  yesNo: boolean;
  /** a duration, a count, a reason or a consequence: no fact of the sheet answers it */
  notAFact: boolean;
};

/** `classNames`: words naming the class itself ("math", "107"), which every passage is about. */
export function parseQuestion(text: string, classNames: Set<string> = new Set()): Question {
  return {
    ...intentOf(text, classNames),
    text,
    searchWords: searchWordsOf(text),
    asks: answerShapesOf(text),
    yesNo: isYesNoQuestion(text),
    notAFact: NOT_A_FACT.test(text),
  };
}
