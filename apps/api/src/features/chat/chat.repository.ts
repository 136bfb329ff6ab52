import { sql, type RawBuilder } from 'kysely';
import { Repository } from '../../db/repository.ts';

/**
 * Enough headings to find three topics in any real syllabus, few enough to stay cheap. Migration
 * 010 keeps this many of each item's first headings (content_headings): change both together.
 */
const HEADINGS_LIMIT = 50;

/**
 * All SQL for a class's chat: the class behind a share link, the conversations students start,
 * and the suggested questions (the teacher's own, scoped to the owning teacher, or the material's
 * headings).
 */
export class ChatRepository extends Repository {
  /** The class behind a share link, with what a student sees of its teacher. */
  classByShareId(chatUuid: string) {
    return (
      this.db
        .selectFrom('classes as c')
        .innerJoin('users as u', 'u.id', 'c.teacher_id')
        .select([
          'c.id',
          'c.class_name',
          'c.description',
          'c.is_active',
          'c.school',
          'c.sample_questions',
          'u.institution',
          'u.first_name',
          'u.last_name',
        ])
        .where('c.chat_uuid', '=', chatUuid)
        // a class still being made has no chat yet
        .where('c.is_draft', '=', false)
        .executeTakeFirst()
    );
  }

  /** Stores one question and its answer. */
  insertConversation(values: {
    class_id: string;
    question: string;
    response: string;
    source_type: 'syllabus' | 'content' | 'other';
    student_identifier: string | null;
    tokens_used: number;
    response_time_ms: number;
    citations: string;
  }) {
    return this.db
      .insertInto('conversations')
      .values(values)
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  /** The class and its own suggested questions, only if it is the teacher's. */
  ownedClass(teacherId: string, classId: string) {
    return this.db
      .selectFrom('classes')
      .select(['id', 'sample_questions'])
      .where('id', '=', classId)
      .where('teacher_id', '=', teacherId)
      .executeTakeFirst();
  }

  /** Sets the teacher's questions; undefined when the class is not the teacher's. */
  setSampleQuestions(teacherId: string, classId: string, questions: string[]) {
    return this.db
      .updateTable('classes')
      .set({ sample_questions: questions, updated_at: new Date() })
      .where('id', '=', classId)
      .where('teacher_id', '=', teacherId)
      .returning(['id', 'sample_questions'])
      .executeTakeFirst();
  }

  /**
   * One round trip: whether the class has any material, and its distinct section headings in
   * document order (the syllabus first, then the other items in their display order). Reads each
   * item's first headings (content_headings, kept at ingest), not its chunks: the cost follows the
   * number of items, not the size of the material.
   */
  async materialHeadings(classId: string): Promise<{ hasMaterial: boolean; headings: string[] }> {
    const { rows } = await sql<{ has_material: boolean; headings: string[] }>`
      SELECT ${hasMaterialOf(sql`${classId}::uuid`)} AS has_material,
             ${headingsOf(sql`${classId}::uuid`)} AS headings`.execute(this.db);
    const row = rows[0]!;
    return { hasMaterial: row.has_material, headings: row.headings };
  }

  /**
   * What the student chat page shows of the class behind a share link, in one round trip: the
   * class and its teacher, and (when the teacher set no questions of their own) what the
   * suggested questions are drawn from: whether it has material, and its headings.
   */
  async sessionByShareId(chatUuid: string) {
    const { rows } = await sql<{
      id: string;
      class_name: string;
      description: string | null;
      is_active: boolean;
      school: string | null;
      sample_questions: string[];
      institution: string | null;
      first_name: string;
      last_name: string;
      has_material: boolean | null;
      headings: string[] | null;
    }>`
      SELECT c.id, c.class_name, c.description, c.is_active, c.school, c.sample_questions,
             u.institution, u.first_name, u.last_name,
             CASE WHEN cardinality(c.sample_questions) = 0
                  THEN ${hasMaterialOf(sql.ref('c.id'))} END AS has_material,
             CASE WHEN cardinality(c.sample_questions) = 0
                  THEN ${headingsOf(sql.ref('c.id'))} END AS headings
      FROM classes c
      JOIN users u ON u.id = c.teacher_id
      WHERE c.chat_uuid = ${chatUuid} AND NOT c.is_draft`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const { has_material, headings, ...cls } = row;
    return {
      ...cls,
      material: { hasMaterial: has_material ?? false, headings: headings ?? [] },
    };
  }
}

const hasMaterialOf = (classId: RawBuilder<unknown>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM contents ready WHERE ready.class_id = ${classId} AND ready.status = 'ready')`;

/** The class's distinct headings in document order, as an array (see materialHeadings). */
const headingsOf = (classId: RawBuilder<unknown>) => sql<string[]>`ARRAY(
  SELECT h.heading FROM (
    SELECT DISTINCT ON (hd.heading) hd.heading,
           ct.content_type <> 'syllabus' AS after_syllabus,
           ct.display_order, ct.created_at, hd.position
    FROM contents ct
    JOIN content_headings hd ON hd.content_id = ct.id
    WHERE ct.class_id = ${classId}
    ORDER BY hd.heading, after_syllabus, ct.display_order, ct.created_at, hd.position
  ) h
  ORDER BY h.after_syllabus, h.display_order, h.created_at, h.position
  LIMIT ${HEADINGS_LIMIT}
)`;
