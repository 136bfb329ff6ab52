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
