import {
  MAX_RANKED_CHUNKS,
  type LexemeFound,
  type Passage,
  type RetrievalRepository,
} from './retrieval.repository.ts';
import { QUESTION_FILLERS, STUDENT_PHRASES, STUDENT_VOCABULARY } from './vocabulary.ts';
import { absentWordWeight, everydayDiscount, spokenRank } from './word-frequency.ts';

export type { Passage } from './retrieval.repository.ts';

/**
 * The question as search terms: one group per content word of the question (stop words drop out),
 * holding the word's lexeme in this class's material (spell-corrected) and those of the
 * vocabulary's alternatives. A group may be empty: the material never mentions that word.
 */
export type TermGroup = {
  word: string;
  lexemes: string[];
  /** how telling the word is in this class's material: rare words weigh more (IDF) */
  weight: number;
  /**
   * When the material never uses the word (no lexemes): how much that should count against an
   * answer, 0–1 — little for everyday words, fully for telling ones and the vocabulary's words.
   */
  missWeight: number;
  /** a word that names a topic of its own (a vocabulary word, or one not in everyday English) */
  telling: boolean;
  /** ways the material may say it, each a phrase of lexemes that must all be present */
  phrases: string[][];
  /** the lexeme of the student's own word, when the material uses it (the rest are alternatives) */
  own: string | null;
};
export type SearchTerms = {
  groups: TermGroup[];
  /**
   * How many of the class's chunks hold each lexeme of the groups, and how many it has, as read
   * with the lexemes (class_lexemes): `retrieve` then needs no second look. Absent, it reads them.
   */
  counts?: LexemeCounts;
};
type LexemeCounts = { chunks: number; ndoc: Map<string, number> };

const WORD = /[a-z0-9]+/g;

function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/n['’]t\b/g, ' not')
      .replace(/['’](s|re|ll|ve|d|m)\b/g, '') // what's, prof's, we'll…
      .replace(/['’]/g, '')
      .match(WORD) ?? []
  );
}

/**
 * Words that name the class itself ("math 107", "international finance", "cs24"): every passage is
 * about the class, so they tell nothing about which one answers.
 */
export async function classNameWords(
  repo: RetrievalRepository,
  classId: string,
): Promise<Set<string>> {
  const row = await repo.className(classId);
  const names = [row?.class_name ?? '', row?.course_code ?? ''];
  const out = new Set(names.flatMap(words));
  const code = words(row?.course_code ?? '');
  if (code.length > 1) out.add(code.join(''));
  return out;
}

/** "cs24" → "cs", "24": students run a course code together. */
const splitCode = (w: string) => w.match(/[a-z]+|[0-9]+/g) ?? [w];

/**
 * The words of a question to search for: a student's phrasing replaced by the words a syllabus
 * uses ("drop by" → "office hours"), each word once, without the words that only shape a question.
 */
export function searchWordsOf(question: string): string[] {
  const phrased = STUDENT_PHRASES.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, ` ${replacement} `),
    question.toLowerCase(),
  );
  return [...new Set(words(phrased))].filter((w) => !QUESTION_FILLERS.has(w));
}

/** What the search needs of a question (answering's Question holds it). */
export type SearchQuery = { searchWords: string[] };

/** `named`: the class's name words, when the caller already has them (one query fewer). */
export async function searchTerms(
  repo: RetrievalRepository,
  classId: string,
  { searchWords: asked }: SearchQuery,
  named?: Set<string>,
): Promise<SearchTerms> {
  named ??= await classNameWords(repo, classId);
  const naming = (w: string) => named.has(w) || splitCode(w).every((p) => named.has(p));
  const rest = asked.filter((w) => !naming(w));
  const terms = await termGroups(repo, classId, rest);
  // "what is math 107 about?": the class's name is all there is to look for
  if (terms.groups.length === 0 && rest.length < asked.length)
    return termGroups(repo, classId, asked);
  return terms;
}

/**
 * For each term: null when it is a stop word, else the lexeme the class's material uses for it —
 * its English stem when present, or the closest spelling in the material, or '' when the material
 * has nothing like it (RetrievalRepository.lexemes). A real English word is never corrected.
 */
export function lexemesFor(
  repo: RetrievalRepository,
  classId: string,
  terms: string[],
): Promise<LexemeFound[]> {
  // a real English word is not a typo: "grader" must not become "grade"
  const correctable = terms.map((t) => spokenRank(t) === undefined);
  return repo.lexemes(classId, terms, correctable);
}

async function termGroups(
  repo: RetrievalRepository,
  classId: string,
  own: string[],
): Promise<SearchTerms> {
  // each alternative is a phrase ("office hours"), found only when all its words are
  const alternatives = own.map((w) =>
    (STUDENT_VOCABULARY[w] ?? []).map(words).filter((p) => p.length > 0 && p.join(' ') !== w),
  );
  const flat = [...own, ...alternatives.flat(2)];
  const found = await lexemesFor(repo, classId, flat);
  const usable = (l: string | null | undefined): l is string => !!l && /^[a-z0-9]+$/.test(l);
  const idf = (i: number) => {
    const f = found[i]!;
    return usable(f.lexeme) && f.ndoc > 0 ? Math.log(1 + f.chunks / f.ndoc) : 0;
  };
  let next = own.length;
  const groups: TermGroup[] = [];
  own.forEach((word, i) => {
    const phrases: string[][] = [];
    let alternativeIdf = 0;
    for (const phrase of alternatives[i]!) {
      const at = phrase.map((_, k) => next + k);
      next += phrase.length;
      const meaningful = at.filter((k) => found[k]!.lexeme !== null); // stop words drop out
      if (meaningful.length === 0 || !meaningful.every((k) => usable(found[k]!.lexeme))) continue;
      phrases.push(meaningful.map((k) => found[k]!.lexeme!));
      alternativeIdf = Math.max(alternativeIdf, Math.min(...meaningful.map(idf)));
    }
    const ownLexeme = found[i]!.lexeme;
    if (ownLexeme === null) return; // a stop word
    if (usable(ownLexeme)) phrases.unshift([ownLexeme]);
    const lexemes = [...new Set(phrases.flat())];
    const domain = !!STUDENT_VOCABULARY[word];
    // an everyday word ("see", "first") says less than its rarity in the material suggests
    const weight = Math.max(idf(i), alternativeIdf) * (domain ? 1 : everydayDiscount(word));
    const missWeight = domain ? 1 : absentWordWeight(word);
    groups.push({
      word,
      lexemes,
      phrases,
      weight,
      missWeight,
      telling: domain || spokenRank(word) === undefined,
      own: usable(ownLexeme) ? ownLexeme : null,
    });
  });
  const ndoc = new Map(found.filter((f) => usable(f.lexeme)).map((f) => [f.lexeme!, f.ndoc]));
  return { groups, counts: { chunks: found[0]?.chunks ?? 0, ndoc } };
}

/** Each lexeme of the search terms once. */
const searchLexemes = (terms: SearchTerms) => [...new Set(terms.groups.flatMap((g) => g.lexemes))];

function toTsquery(terms: SearchTerms): string | null {
  const all = searchLexemes(terms);
  return all.length ? all.join(' | ') : null;
}

/**
 * The lexemes whose chunks are ranked: all of them when the class has at most MAX_RANKED_CHUNKS
 * chunks; else, rarest first (by how many of the class's chunks hold each, class_lexemes), as
 * many as keep their chunks within that bound, and always the rarest one (whose chunks are then
 * cut at the bound, in storage order).
 */
async function candidateLexemes(
  repo: RetrievalRepository,
  classId: string,
  lexemes: string[],
  counts: LexemeCounts | undefined,
): Promise<string[]> {
  const rows = counts ? countsOf(lexemes, counts) : await repo.lexemeCounts(classId, lexemes);
  if (rows.length === 0 || Number(rows[0]!.chunks) <= MAX_RANKED_CHUNKS) return lexemes;
  const picked: string[] = [];
  let reach = 0; // at most this many chunks hold one of the picked lexemes
  for (const { word, ndoc } of rows) {
    if (picked.length > 0 && reach + Number(ndoc) > MAX_RANKED_CHUNKS) break;
    picked.push(word);
    reach += Number(ndoc);
  }
  return picked;
}

/** Each lexeme with its count, rarest first, as RetrievalRepository.lexemeCounts orders them. */
function countsOf(lexemes: string[], { chunks, ndoc }: LexemeCounts) {
  return lexemes
    .map((word) => ({ word, ndoc: ndoc.get(word) ?? 0, chunks }))
    .sort((a, b) => a.ndoc - b.ndoc || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}

/**
 * The class's chunks matching any search term, best first (heading matches weigh more). Every
 * term counts in the rank, but in a large class only the chunks holding its rarer terms are
 * ranked (`candidateLexemes`), at most MAX_RANKED_CHUNKS of them: the cost follows the result,
 * not the class's material.
 */
export async function retrieve(
  repo: RetrievalRepository,
  classId: string,
  terms: SearchTerms,
  limit = 8,
): Promise<Passage[]> {
  const query = toTsquery(terms);
  if (!query) return [];
  const match = (await candidateLexemes(repo, classId, searchLexemes(terms), terms.counts)).join(
    ' | ',
  );
  return repo.rankedChunks(classId, query, match, limit);
}
