import { sql } from 'kysely';
import type { ContentType } from '@app/contracts';
import { Repository } from '../../db/repository.ts';

/** A misspelt stem this long may be two edits away from the material's word; shorter ones one. */
const TWO_EDITS_FROM_LENGTH = 7;
/** Shorter stems are corrected only by one missing letter ("exm" → "exam"): too many near misses. */
const ONE_EDIT_FROM_LENGTH = 4;

/**
 * At most this many of a class's chunks are ranked for one question, so that asking costs the
 * same in a class with 20 times the material. Ranking reads each candidate's words (about 5 µs a
 * chunk): 1,000 is a few milliseconds, and more than any one course's syllabus and handouts, so a
 * class that small is always ranked whole. In a larger class the chunks holding the question's
 * rarest words are the candidates: a word found in thousands of chunks ("week", "notes") tells
 * little about which one answers. See `candidateLexemes` (retrieval.ts).
 */
export const MAX_RANKED_CHUNKS = 1000;

export type LexemeFound = {
  /** null for a stop word; '' when the material has nothing like the term */
  lexeme: string | null;
  /** the class's chunks holding the lexeme */
  ndoc: number;
  /** the class's chunks */
  chunks: number;
};

/** A chunk of a class's material, with the item it belongs to. */
export type Chunk = {
  chunkId: string;
  contentId: string;
  title: string;
  contentType: ContentType;
  heading: string | null;
  body: string;
};

/** A chunk retrieved for a question, with how well it matched (ts_rank_cd). */
export type Passage = Chunk & { rank: number };

/** A chunk with its place in its document. */
export type PlacedChunk = Chunk & {
  /** order of the chunk in its document, from 0 */
  position: number;
};

type ChunkRow = {
  id: string;
  content_id: string;
  title: string;
  content_type: ContentType;
  heading: string | null;
  body: string;
};

const chunkOf = (r: ChunkRow): Chunk => ({
  chunkId: String(r.id),
  contentId: r.content_id,
  title: r.title,
  contentType: r.content_type,
  heading: r.heading,
  body: r.body,
});

const placed = (r: ChunkRow & { position: number }): PlacedChunk => ({
  ...chunkOf(r),
  position: Number(r.position),
});

/**
 * All SQL answering reads a class's material with: its lexicon, its chunks ranked for a question,
 * and the chunks around them. Every query is scoped to one class. The queries are tuned with the
 * indexes and the lexicon of migrations 009 and 010: change them together.
 */
/** Class names kept per instance: a minute old at most, for up to 10,000 classes (~1 MB). */
const CLASS_NAME_CACHE = { ttlMs: 60_000, maxClasses: 10_000 };

/**
 * Texts whose lexemes are kept per instance (lexemesOfTexts): the units of a few hundred asked
 * passages, each at most maxTextChars (a unit, its context or a heading): about 1 MB for units of
 * a typical 200 characters, 20 MB at most.
 */
export const LEXEMES_CACHE = { maxTexts: 5_000, maxTextChars: 2_000 };

export class RetrievalRepository extends Repository {
  /** text → its lexemes (lexemesOfTexts), the least recently read first */
  private readonly stemmed = new Map<string, string[]>();
  private readonly names = new Map<
    string,
    { at: number; row: { class_name: string; course_code: string | null } | undefined }
  >();

  /**
   * The class's name and course code, which every question reads: kept in memory for
   * CLASS_NAME_CACHE.ttlMs (a renamed class only changes which question words name the class).
   */
  async className(classId: string) {
    const now = Date.now();
    const kept = this.names.get(classId);
    if (kept && now - kept.at < CLASS_NAME_CACHE.ttlMs) return kept.row;
    const row = await this.db
      .selectFrom('classes')
      .select(['class_name', 'course_code'])
      .where('id', '=', classId)
      .executeTakeFirst();
    // the oldest entry goes first (a Map keeps insertion order)
    if (this.names.size >= CLASS_NAME_CACHE.maxClasses)
      this.names.delete(this.names.keys().next().value!);
    this.names.delete(classId);
    this.names.set(classId, { at: now, row });
    return row;
  }

  /**
   * For each term: null when it is a stop word, else the lexeme the class's material uses for it —
   * its English stem when present, or (when `correctable`) the closest spelling in the material
   * (edit distance 1, or 2 for long words), or '' when the material has nothing like it.
   *
   * Reads the class's lexicon (class_lexemes, kept at ingest by migration 009's triggers) by key:
   * an exact stem is one index lookup, and a spelling correction looks only at the words whose
   * length is within the allowed edits, so the cost does not follow the size of the material.
   */
  async lexemes(classId: string, terms: string[], correctable: boolean[]): Promise<LexemeFound[]> {
    if (terms.length === 0) return [];
    const rows = await sql<{
      ord: string;
      lexeme: string | null;
      ndoc: number | null;
      chunks: number;
    }>`/* prepared:retrieval-lexemes */
    -- MATERIALIZED: each stem is computed once, not again for every word a correction looks at
    WITH t AS MATERIALIZED (
      SELECT ord, fix, stem, n, CASE WHEN length(stem) >= ${TWO_EDITS_FROM_LENGTH}::int THEN 2 ELSE 1 END AS edits
      FROM (
        SELECT ord, fix, (ts_lexize('english_stem', term))[1] AS stem,
               cardinality(ts_lexize('english_stem', term)) AS n
        FROM unnest(${terms}::text[], ${correctable}::boolean[]) WITH ORDINALITY AS u(term, fix, ord)
      ) s
    ), picked AS MATERIALIZED ( -- the correction runs once, not again to read its ndoc
      SELECT ord,
        CASE
          WHEN n IS NULL OR n = 0 THEN NULL
          WHEN EXISTS (SELECT 1 FROM class_lexemes WHERE class_id = ${classId} AND word = stem) THEN stem
          WHEN NOT fix THEN ''
          WHEN length(stem) >= ${ONE_EDIT_FROM_LENGTH}::int THEN coalesce((
            SELECT word FROM class_lexemes
            -- words further apart in length than the allowed edits cannot be that close
            WHERE class_id = ${classId}
              AND length(word) BETWEEN length(stem) - edits AND length(stem) + edits
              AND levenshtein_less_equal(word, stem, 2) <= edits
            ORDER BY levenshtein_less_equal(word, stem, 2), ndoc DESC, word LIMIT 1), '')
          WHEN length(stem) = ${ONE_EDIT_FROM_LENGTH - 1}::int THEN coalesce((
            SELECT word FROM class_lexemes
            WHERE class_id = ${classId} AND length(word) = length(stem) + 1
              AND left(word, 1) = left(stem, 1) AND levenshtein(word, stem) = 1
            ORDER BY ndoc DESC, word LIMIT 1), '')
          ELSE ''
        END AS lexeme
      FROM t
    )
    SELECT p.ord, p.lexeme,
           (SELECT ndoc FROM class_lexemes WHERE class_id = ${classId} AND word = p.lexeme) AS ndoc,
           coalesce((SELECT chunks FROM class_chunk_counts WHERE class_id = ${classId}), 0) AS chunks
    FROM picked p ORDER BY p.ord`.execute(this.db);
    return rows.rows.map((r) => ({
      lexeme: r.lexeme,
      ndoc: Number(r.ndoc ?? 0),
      chunks: Number(r.chunks),
    }));
  }

  /**
   * Each lexeme with how many of the class's chunks hold it, rarest first, and how many chunks
   * the class has.
   */
  async lexemeCounts(classId: string, lexemes: string[]) {
    const { rows } = await sql<{ word: string; ndoc: number; chunks: number }>`
    SELECT u.word, coalesce(l.ndoc, 0) AS ndoc,
           coalesce((SELECT chunks FROM class_chunk_counts WHERE class_id = ${classId}), 0) AS chunks
    FROM unnest(${lexemes}::text[]) AS u (word)
    LEFT JOIN class_lexemes l ON l.class_id = ${classId} AND l.word = u.word
    ORDER BY ndoc, u.word`.execute(this.db);
    return rows;
  }

  /**
   * The class's chunks matching the tsquery `match` (at most MAX_RANKED_CHUNKS of them, in
   * storage order), ranked by `query`, best first (heading matches weigh more).
   */
  async rankedChunks(
    classId: string,
    query: string,
    match: string,
    limit: number,
  ): Promise<Passage[]> {
    const rows = await sql<ChunkRow & { rank: number }>`
    SELECT ch.id, ch.content_id, ct.title, ct.content_type, ch.heading, ch.body,
           ts_rank_cd(ch.tsv, to_tsquery('simple', ${query})) AS rank
    FROM (
      SELECT id, content_id, heading, body, tsv FROM content_chunks
      WHERE class_id = ${classId} AND tsv @@ to_tsquery('simple', ${match})
      LIMIT ${MAX_RANKED_CHUNKS}
    ) ch
    JOIN contents ct ON ct.id = ch.content_id
    ORDER BY rank DESC, ch.id
    LIMIT ${limit}`.execute(this.db);
    return rows.rows.map((r) => ({ ...chunkOf(r), rank: Number(r.rank) }));
  }

  /**
   * Lexemes of each text (English config), for scoring sentences against the search terms. A
   * text's lexemes never change (the same stemmer reads it), and the same passages come up for
   * many students of a class: the last LEXEMES_CACHE.maxTexts texts are kept in memory, and only
   * the others are stemmed by PostgreSQL, in one round trip (none when all are kept).
   */
  async lexemesOfTexts(texts: string[]): Promise<string[][]> {
    if (texts.length === 0) return [];
    const out: (string[] | undefined)[] = texts.map((t) => this.stemmed.get(t));
    const missing = [...new Set(texts.filter((_, i) => out[i] === undefined))];
    if (missing.length > 0) {
      const rows = await sql<{ ord: string; lexemes: string[] }>`
      SELECT ord, tsvector_to_array(to_tsvector('english', s)) AS lexemes
      FROM unnest(${missing}::text[]) WITH ORDINALITY AS u(s, ord) ORDER BY ord`.execute(this.db);
      const found = new Map(missing.map((t, i) => [t, rows.rows[i]!.lexemes]));
      texts.forEach((t, i) => (out[i] ??= found.get(t)));
      for (const [t, lexemes] of found) this.keepStemmed(t, lexemes);
    }
    // the texts read again become the newest (a Map keeps insertion order: the oldest go first)
    texts.forEach((t, i) => this.keepStemmed(t, out[i]!));
    return out as string[][];
  }

  private keepStemmed(text: string, lexemes: string[]) {
    if (text.length > LEXEMES_CACHE.maxTextChars) return;
    this.stemmed.delete(text);
    if (this.stemmed.size >= LEXEMES_CACHE.maxTexts)
      this.stemmed.delete(this.stemmed.keys().next().value!);
    this.stemmed.set(text, lexemes);
  }

  /**
   * The chunks at most `reach` positions before or after each given chunk in the same document,
   * the given chunks included, each once and of this class only; in document order.
   */
  async chunksAround(classId: string, chunkIds: string[], reach: number): Promise<PlacedChunk[]> {
    if (chunkIds.length === 0) return [];
    const rows = await sql<ChunkRow & { position: number }>`
    SELECT DISTINCT n.id, n.content_id, ct.title, ct.content_type, n.heading, n.body, n.position
    FROM content_chunks s
    JOIN content_chunks n ON n.content_id = s.content_id
      AND n.position BETWEEN s.position - ${reach}::int AND s.position + ${reach}::int
    JOIN contents ct ON ct.id = n.content_id
    WHERE s.class_id = ${classId} AND n.class_id = ${classId}
      AND s.id = ANY(${chunkIds}::bigint[])
    ORDER BY n.content_id, n.position`.execute(this.db);
    return rows.rows.map(placed);
  }

  /**
   * The class's chunks found at ingest to address an AI model with instructions (migration 025),
   * each document's in order: never sent to a model.
   */
  async chunksAddressingAi(classId: string): Promise<PlacedChunk[]> {
    const rows = await sql<ChunkRow & { position: number }>`
    SELECT ch.id, ch.content_id, ct.title, ct.content_type, ch.heading, ch.body, ch.position
    FROM content_chunks ch
    JOIN contents ct ON ct.id = ch.content_id
    WHERE ch.class_id = ${classId} AND ch.addresses_ai
    ORDER BY ch.content_id, ch.position`.execute(this.db);
    return rows.rows.map(placed);
  }

  /** The first `count` chunks of the class's syllabus: where a syllabus names the course, its people and places. */
  async syllabusOpening(classId: string, count: number): Promise<PlacedChunk[]> {
    if (count <= 0) return [];
    const rows = await sql<ChunkRow & { position: number }>`
    SELECT ch.id, ch.content_id, ct.title, ct.content_type, ch.heading, ch.body, ch.position
    FROM contents ct
    JOIN content_chunks ch ON ch.content_id = ct.id AND ch.position < ${count}::int
    WHERE ct.class_id = ${classId} AND ct.content_type = 'syllabus' AND ch.class_id = ${classId}
    ORDER BY ch.position`.execute(this.db);
    return rows.rows.map(placed);
  }
}
