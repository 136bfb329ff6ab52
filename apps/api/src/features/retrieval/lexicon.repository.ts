import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { spokenRank } from './word-frequency.ts';

/** A misspelt stem this long may be two edits away from the material's word; shorter ones one. */
const TWO_EDITS_FROM_LENGTH = 7;
/** Shorter stems are corrected only by one missing letter ("exm" → "exam"): too many near misses. */
const ONE_EDIT_FROM_LENGTH = 4;

export type LexemeFound = {
  /** null for a stop word; '' when the material has nothing like the term */
  lexeme: string | null;
  /** the class's chunks holding the lexeme */
  ndoc: number;
  /** the class's chunks */
  chunks: number;
};

/**
 * For each term: null when it is a stop word, else the lexeme the class's material uses for it —
 * its English stem when present, or the closest spelling in the material (edit distance 1, or 2
 * for long words), or '' when the material has nothing like it.
 *
 * Reads the class's lexicon (class_lexemes, kept at ingest by migration 009's triggers) by key:
 * an exact stem is one index lookup, and a spelling correction looks only at the words whose
 * length is within the allowed edits, so the cost does not follow the size of the material.
 */
export async function lexemesFor(db: Db, classId: string, terms: string[]): Promise<LexemeFound[]> {
  if (terms.length === 0) return [];
  // a real English word is not a typo: "grader" must not become "grade"
  const correctable = terms.map((t) => spokenRank(t) === undefined);
  const rows = await sql<{
    ord: string;
    lexeme: string | null;
    ndoc: number | null;
    chunks: number;
  }>`
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
    FROM picked p ORDER BY p.ord`.execute(db);
  return rows.rows.map((r) => ({
    lexeme: r.lexeme,
    ndoc: Number(r.ndoc ?? 0),
    chunks: Number(r.chunks),
  }));
}
