import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/index.ts';
import { Repository } from '../../db/repository.ts';

/** A teacher answer of the class copied from (migration 021's class_answers) with its item. */
export type TeacherAnswerRow = {
  title: string;
  content: string;
  question_key: string;
  answer: string;
};

/**
 * All SQL of Copy Class's carry-over (migration 035). The caller has checked that the teacher
 * owns both classes.
 */
export class CarryOverRepository extends Repository {
  /** Marks `classId` as carried over; false when it already is (a retried or doubled request). */
  async claim(classId: string, fromClassId: string): Promise<boolean> {
    const row = await this.db
      .insertInto('class_carry_overs')
      .values({
        class_id: classId,
        from_class_id: fromClassId,
        facts: 0,
        teacher_answers: 0,
        checks: 0,
      })
      .onConflict((oc) => oc.column('class_id').doNothing())
      .returning('class_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async record(
    trx: Trx,
    classId: string,
    counts: { facts: number; teacher_answers: number; checks: number },
  ) {
    await trx
      .updateTable('class_carry_overs')
      .set(counts)
      .where('class_id', '=', classId)
      .execute();
  }

  /** Undoes a claim whose carry-over failed, so that trying again can finish it. */
  async release(classId: string) {
    await this.db.deleteFrom('class_carry_overs').where('class_id', '=', classId).execute();
  }

  /**
   * The teacher's facts of `from` copied into `to`: additions, and corrections and hiding markers
   * (their key kept, waiting for the copy's own extracted fact: FactsRepository.linkCorrections).
   * A correction of a fact read from an item that is not the syllabus comes along only with
   * `withAdditional` (the copy has that item then). Returns how many were copied.
   */
  async copyTeacherFacts(trx: Trx, from: string, to: string, withAdditional: boolean) {
    const r = await sql`
      INSERT INTO course_facts
        (class_id, kind, subject, attribute, value, source_text, position, origin, overrides_key)
      SELECT ${to}, f.kind, f.subject, f.attribute, f.value, f.source_text, f.position, 'teacher',
             f.overrides_key
      FROM course_facts f
      LEFT JOIN course_facts e ON e.id = f.overrides_id
      LEFT JOIN contents ct ON ct.id = e.content_id
      WHERE f.class_id = ${from} AND f.origin = 'teacher'
        AND (f.overrides_key IS NULL OR e.id IS NULL OR ct.content_type = 'syllabus'
             OR ${withAdditional})
      ORDER BY f.created_at, f.id`.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  }

  /**
   * The checked answers of `from` (every checked standard question and every question of the
   * teacher's own) copied into `to`. A citation names the copy's item of the same title and type
   * (one the copy lacks is left out); a confirmed answer whose passage the copy's ready items do
   * not hold needs a new look (recheck_assistant_sources, migration 032).
   */
  async copyChecks(trx: Trx, from: string, to: string) {
    const r = await sql`
      INSERT INTO assistant_checks
        (class_id, standard_key, question, status, answer, citations, source_passage, checked_at)
      SELECT ${to}, a.standard_key, a.question, a.status, a.answer,
        (SELECT coalesce(jsonb_agg(jsonb_set(x.c, '{content_id}', to_jsonb(t.id::text))
                                   ORDER BY x.n), '[]'::jsonb)
         FROM jsonb_array_elements(a.citations) WITH ORDINALITY AS x(c, n)
         JOIN LATERAL (
           SELECT id FROM contents
           WHERE class_id = ${to} AND title = x.c->>'title' AND content_type = x.c->>'content_type'
           ORDER BY created_at, id LIMIT 1) t ON true),
        a.source_passage, a.checked_at
      FROM assistant_checks a
      WHERE a.class_id = ${from} AND (a.status <> 'unchecked' OR a.standard_key IS NULL)
      ORDER BY a.created_at, a.id
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`SELECT recheck_assistant_sources(${to})`.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  }

  /** The teacher answers of `classId`, oldest first. */
  teacherAnswers(classId: string): Promise<TeacherAnswerRow[]> {
    return this.db
      .selectFrom('class_answers as ca')
      .innerJoin('contents as ct', 'ct.id', 'ca.content_id')
      .select(['ct.title', 'ct.content', 'ca.question_key', 'ca.answer'])
      .where('ca.class_id', '=', classId)
      .orderBy('ca.created_at')
      .orderBy('ca.content_id')
      .execute();
  }

  /**
   * The class's item of the same title and text as a teacher answer's (the item Copy Class copied
   * with the other items, or one an earlier try of this carry-over made), if there is one.
   */
  async itemLike(classId: string, answer: TeacherAnswerRow): Promise<string | null> {
    const row = await this.db
      .selectFrom('contents')
      .select('id')
      .where('class_id', '=', classId)
      .where('content_type', '=', 'other')
      .where('title', '=', answer.title)
      .where('content', '=', answer.content)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Keeps `answer` as the teacher answer `contentId` gives (once). */
  async keepAnswer(
    classId: string,
    contentId: string,
    answer: TeacherAnswerRow,
    ex: Executor = this.db,
  ) {
    await ex
      .insertInto('class_answers')
      .values({
        content_id: contentId,
        class_id: classId,
        question_key: answer.question_key,
        answer: answer.answer,
      })
      .onConflict((oc) => oc.column('content_id').doNothing())
      .execute();
  }
}
