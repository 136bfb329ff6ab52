import { sql } from 'kysely';
import type { ContentType } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { lexemesFor } from './lexicon.repository.ts';
import { QUESTION_FILLERS, STUDENT_PHRASES, STUDENT_VOCABULARY } from './vocabulary.ts';
import { absentWordWeight, everydayDiscount, spokenRank } from './word-frequency.ts';

export type Passage = {
  chunkId: string;
  contentId: string;
  title: string;
  contentType: ContentType;
  heading: string | null;
  body: string;
  rank: number;
};

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
export type SearchTerms = { groups: TermGroup[] };

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
export async function classNameWords(db: Db, classId: string): Promise<Set<string>> {
  const row = await db
    .selectFrom('classes')
    .select(['class_name', 'course_code'])
    .where('id', '=', classId)
    .executeTakeFirst();
  const names = [row?.class_name ?? '', row?.course_code ?? ''];
  const out = new Set(names.flatMap(words));
  const code = words(row?.course_code ?? '');
  if (code.length > 1) out.add(code.join(''));
  return out;
}

/** "cs24" → "cs", "24": students run a course code together. */
const splitCode = (w: string) => w.match(/[a-z]+|[0-9]+/g) ?? [w];

/** `named`: the class's name words, when the caller already has them (one query fewer). */
export async function searchTerms(
  db: Db,
  classId: string,
  question: string,
  named?: Set<string>,
): Promise<SearchTerms> {
  named ??= await classNameWords(db, classId);
  const phrased = STUDENT_PHRASES.reduce(
    (text, [pattern, replacement]) => text.replace(pattern, ` ${replacement} `),
    question.toLowerCase(),
  );
  const asked = [...new Set(words(phrased))].filter((w) => !QUESTION_FILLERS.has(w));
  const naming = (w: string) => named.has(w) || splitCode(w).every((p) => named.has(p));
  const rest = asked.filter((w) => !naming(w));
  const groups = await termGroups(db, classId, rest);
  // "what is math 107 about?": the class's name is all there is to look for
  if (groups.length === 0 && rest.length < asked.length)
    return { groups: await termGroups(db, classId, asked) };
  return { groups };
}

async function termGroups(db: Db, classId: string, own: string[]): Promise<TermGroup[]> {
  // each alternative is a phrase ("office hours"), found only when all its words are
  const alternatives = own.map((w) =>
    (STUDENT_VOCABULARY[w] ?? []).map(words).filter((p) => p.length > 0 && p.join(' ') !== w),
  );
  const flat = [...own, ...alternatives.flat(2)];
  const found = await lexemesFor(db, classId, flat);
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
  return groups;
}

/** Each lexeme of the search terms once. */
const searchLexemes = (terms: SearchTerms) => [...new Set(terms.groups.flatMap((g) => g.lexemes))];

export function toTsquery(terms: SearchTerms): string | null {
  const all = searchLexemes(terms);
  return all.length ? all.join(' | ') : null;
}

/**
 * At most this many of a class's chunks are ranked for one question, so that asking costs the
 * same in a class with 20 times the material. Ranking reads each candidate's words (about 5 µs a
 * chunk): 1,000 is a few milliseconds, and more than any one course's syllabus and handouts, so a
 * class that small is always ranked whole. In a larger class the chunks holding the question's
 * rarest words are the candidates: a word found in thousands of chunks ("week", "notes") tells
 * little about which one answers. See `candidateLexemes`.
 */
const MAX_RANKED_CHUNKS = 1000;

/**
 * The lexemes whose chunks are ranked: all of them when the class has at most MAX_RANKED_CHUNKS
 * chunks; else, rarest first (by how many of the class's chunks hold each, class_lexemes), as
 * many as keep their chunks within that bound, and always the rarest one (whose chunks are then
 * cut at the bound, in storage order).
 */
async function candidateLexemes(db: Db, classId: string, lexemes: string[]): Promise<string[]> {
  const { rows } = await sql<{ word: string; ndoc: number; chunks: number }>`
    SELECT u.word, coalesce(l.ndoc, 0) AS ndoc,
           coalesce((SELECT chunks FROM class_chunk_counts WHERE class_id = ${classId}), 0) AS chunks
    FROM unnest(${lexemes}::text[]) AS u (word)
    LEFT JOIN class_lexemes l ON l.class_id = ${classId} AND l.word = u.word
    ORDER BY ndoc, u.word`.execute(db);
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

/**
 * The class's chunks matching any search term, best first (heading matches weigh more). Every
 * term counts in the rank, but in a large class only the chunks holding its rarer terms are
 * ranked (`candidateLexemes`), at most MAX_RANKED_CHUNKS of them: the cost follows the result,
 * not the class's material.
 */
export async function retrieve(
  db: Db,
  classId: string,
  terms: SearchTerms,
  limit = 8,
): Promise<Passage[]> {
  const query = toTsquery(terms);
  if (!query) return [];
  const match = (await candidateLexemes(db, classId, searchLexemes(terms))).join(' | ');
  const rows = await sql<{
    id: string;
    content_id: string;
    title: string;
    content_type: ContentType;
    heading: string | null;
    body: string;
    rank: number;
  }>`
    SELECT ch.id, ch.content_id, ct.title, ct.content_type, ch.heading, ch.body,
           ts_rank_cd(ch.tsv, to_tsquery('simple', ${query})) AS rank
    FROM (
      SELECT id, content_id, heading, body, tsv FROM content_chunks
      WHERE class_id = ${classId} AND tsv @@ to_tsquery('simple', ${match})
      LIMIT ${MAX_RANKED_CHUNKS}
    ) ch
    JOIN contents ct ON ct.id = ch.content_id
    ORDER BY rank DESC, ch.id
    LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    chunkId: String(r.id),
    contentId: r.content_id,
    title: r.title,
    contentType: r.content_type,
    heading: r.heading,
    body: r.body,
    rank: Number(r.rank),
  }));
}

/** Lexemes of each text (English config), for scoring sentences against the search terms. */
export async function lexemesOfTexts(db: Db, texts: string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const rows = await sql<{ ord: string; lexemes: string[] }>`
    SELECT ord, tsvector_to_array(to_tsvector('english', s)) AS lexemes
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(s, ord) ORDER BY ord`.execute(db);
  return rows.rows.map((r) => r.lexemes);
}
