import { sql, type RawBuilder } from 'kysely';
import type { AnswerRating, CheckStatus, Citation, ReplyKind } from '@app/contracts';
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
  /**
   * The class behind a share link and, in the same round trip, what its answer to this question
   * starts from (askContextOf): the teacher's answer, the question's group key, the checks.
   */
  async classAndAnswer(chatUuid: string, question: string) {
    const { rows } = await sql<{ id: string; is_active: boolean } & AskContext>`
      /* prepared:chat-class-and-answer */
      SELECT c.id, c.is_active, ctx.*
      FROM classes c, LATERAL (${askContextOf(sql.ref('c.id'), question)}) ctx
      WHERE c.chat_uuid = ${chatUuid} AND NOT c.is_draft`.execute(this.db);
    return rows[0];
  }

  /**
   * Sets (or, null, takes back) a student's rating of an answer of the class behind the share
   * link; false when the link has no such conversation.
   */
  async setFeedback(
    chatUuid: string,
    conversationId: string,
    rating: AnswerRating | null,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('conversations as cv')
      .from('classes as c')
      .set({ feedback: rating, feedback_at: rating ? sql<Date>`now()` : null })
      .whereRef('c.id', '=', 'cv.class_id')
      .where('c.chat_uuid', '=', chatUuid)
      .where('c.is_draft', '=', false)
      .where('cv.id', '=', conversationId)
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  /** What the class's answer to this question starts from (askContextOf). */
  async askContext(classId: string, question: string): Promise<AskContext> {
    const { rows } =
      await sql<AskContext>`${askContextOf(sql`${classId}::uuid`, question)}`.execute(this.db);
    return rows[0]!;
  }

  /** Stores one question and its answer. */
  insertConversation(values: {
    class_id: string;
    question: string;
    response: string;
    kind: ReplyKind;
    source_type: 'syllabus' | 'content' | 'other';
    student_identifier: string | null;
    tokens_used: number;
    response_time_ms: number;
    citations: string;
    check_key: string | null;
    from_check: boolean;
    date_ask: string | null;
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
      SELECT class_has_material(${classId}::uuid) AS has_material,
             class_headings(${classId}::uuid, ${HEADINGS_LIMIT}) AS headings`.execute(this.db);
    const row = rows[0]!;
    return { hasMaterial: row.has_material, headings: row.headings };
  }

  /**
   * What the student chat page shows of the class behind a share link, in one round trip: the
   * class and its teacher, and (when the teacher set no questions of their own) what the
   * suggested questions are drawn from: whether it has material, and its headings. The query is
   * the function chat_session (migration 022), whose plan each connection keeps.
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
      SELECT * FROM chat_session(${chatUuid}::uuid, ${HEADINGS_LIMIT})`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const { has_material, headings, ...cls } = row;
    return {
      ...cls,
      material: { hasMaterial: has_material ?? false, headings: headings ?? [] },
    };
  }
}

/** A teacher's answer to a question, with its content item. */
export type TeacherAnswerRow = {
  content_id: string;
  answer: string;
  title: string;
  content_type: 'syllabus' | 'additional' | 'sample_work' | 'due_dates' | 'other' | 'assignment';
};

/** A check of the class (Check your assistant), as a student's question is matched with it. */
export type CheckRow = {
  id: string;
  standard_key: string | null;
  question: string;
  question_key: string;
  status: CheckStatus;
  answer: string | null;
  citations: Citation[];
};

/**
 * What a class's answer to a question starts from, in one round trip: the teacher's latest
 * answer whose question groups with this one (question_group_key, as the teacher's screens group
 * questions; by the index's md5 of the key, then the key itself), the question's group key, the
 * class's name words, and its checks (Check your assistant) that a student's question may match.
 */
export type AskContext = {
  answer: TeacherAnswerRow | null;
  question_key: string;
  /** the group key of the class's code and name: its own name words */
  class_key: string | null;
  checks: CheckRow[];
};

const askContextOf = (classId: RawBuilder<unknown>, question: string) => sql`
  SELECT
    (SELECT to_jsonb(ta) FROM (
       SELECT ca.content_id, ca.answer, ct.title, ct.content_type
       FROM class_answers ca
       JOIN contents ct ON ct.id = ca.content_id
       WHERE ca.class_id = ${classId}
         AND md5(ca.question_key) = md5(k.key)
         AND ca.question_key = k.key
       ORDER BY ca.created_at DESC
       LIMIT 1) ta) AS answer,
    k.key AS question_key,
    (SELECT question_group_key(coalesce(cl.course_code, '') || ' ' || cl.class_name)
     FROM classes cl WHERE cl.id = ${classId}) AS class_key,
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
              'id', a.id, 'standard_key', a.standard_key, 'question', a.question,
              'question_key', a.question_key, 'status', a.status, 'answer', a.answer,
              'citations', a.citations)), '[]'::jsonb)
     FROM assistant_checks a WHERE a.class_id = ${classId}) AS checks
  FROM (SELECT question_group_key(${question}) AS key) k`;
