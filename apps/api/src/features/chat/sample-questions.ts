import { sql } from 'kysely';
import { SUGGESTED_QUESTIONS_MAX, type SampleQuestions } from '@app/contracts';
import type { Db } from '../../db/index.ts';
import { questionsFromHeadings } from './suggested-questions.ts';

/**
 * Enough headings to find three topics in any real syllabus, few enough to stay cheap. Migration
 * 010 keeps this many of each item's first headings (content_headings): change both together.
 */
const HEADINGS_LIMIT = 50;

/**
 * One round trip: whether the class has any material, and its distinct section headings in
 * document order (the syllabus first, then the other items in their display order). Reads each
 * item's first headings (content_headings, kept at ingest), not its chunks: the cost follows the
 * number of items, not the size of the material.
 */
export async function materialHeadings(
  db: Db,
  classId: string,
): Promise<{ hasMaterial: boolean; headings: string[] }> {
  const { rows } = await sql<{ has_material: boolean; headings: string[] }>`
    SELECT
      EXISTS (SELECT 1 FROM contents WHERE class_id = ${classId} AND status = 'ready') AS has_material,
      ARRAY(
        SELECT h.heading FROM (
          SELECT DISTINCT ON (hd.heading) hd.heading,
                 c.content_type <> 'syllabus' AS after_syllabus,
                 c.display_order, c.created_at, hd.position
          FROM contents c
          JOIN content_headings hd ON hd.content_id = c.id
          WHERE c.class_id = ${classId}
          ORDER BY hd.heading, after_syllabus, c.display_order, c.created_at, hd.position
        ) h
        ORDER BY h.after_syllabus, h.display_order, h.created_at, h.position
        LIMIT ${HEADINGS_LIMIT}
      ) AS headings`.execute(db);
  const row = rows[0]!;
  return { hasMaterial: row.has_material, headings: row.headings };
}

/** The teacher's own questions when set, else questions drawn from the class's material. */
export async function suggestedQuestions(
  db: Db,
  cls: { id: string; sample_questions: string[] },
): Promise<SampleQuestions> {
  if (cls.sample_questions.length) {
    return {
      questions: cls.sample_questions.slice(0, SUGGESTED_QUESTIONS_MAX),
      source: 'teacher',
    };
  }
  const { hasMaterial, headings } = await materialHeadings(db, cls.id);
  return { questions: questionsFromHeadings(headings, hasMaterial), source: 'material' };
}

/** Trimmed, without blanks, the first spelling of each question kept (case-insensitive). */
export function uniqueQuestions(questions: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of questions) {
    const question = raw.trim();
    const key = question.replace(/\s+/g, ' ').toLocaleLowerCase();
    if (!question || seen.has(key)) continue;
    seen.add(key);
    out.push(question);
  }
  return out.slice(0, SUGGESTED_QUESTIONS_MAX);
}
