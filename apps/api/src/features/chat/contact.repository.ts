import { sql } from 'kysely';
import { Repository } from '../../db/repository.ts';

/** All SQL for students' contact requests. */
export class ContactRepository extends Repository {
  /** The class behind a share link, with the teacher to notify. */
  classByShareId(chatUuid: string) {
    return this.db
      .selectFrom('classes as c')
      .innerJoin('users as u', 'u.id', 'c.teacher_id')
      .select([
        'c.id',
        'c.class_name',
        'c.course_code',
        'c.semester',
        'c.year',
        'c.is_active',
        'u.email as teacher_email',
        'u.first_name as teacher_first_name',
      ])
      .where('c.chat_uuid', '=', chatUuid)
      .where('c.is_draft', '=', false)
      .executeTakeFirst();
  }

  /** The conversation only if it belongs to that class. */
  conversationOfClass(conversationId: string, classId: string) {
    return this.db
      .selectFrom('conversations')
      .select(['id', 'question', 'response'])
      .where('id', '=', conversationId)
      .where('class_id', '=', classId)
      .executeTakeFirst();
  }

  /** Stores a pending request; undefined when the conversation already has one pending. */
  insertPending(values: {
    classId: string;
    conversationId: string;
    studentEmail: string;
    requestReason: string;
    conversationQuestion: string;
  }) {
    return this.db
      .insertInto('email_requests')
      .values({
        class_id: values.classId,
        conversation_id: values.conversationId,
        student_email: values.studentEmail,
        request_reason: values.requestReason,
        conversation_question: values.conversationQuestion,
      })
      .onConflict((oc) =>
        oc.column('conversation_id').where('teacher_responded_at', 'is', null).doNothing(),
      )
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  }

  private ownedRequests(teacherId: string) {
    return this.db
      .selectFrom('email_requests as r')
      .innerJoin('classes as c', 'c.id', 'r.class_id')
      .where('c.teacher_id', '=', teacherId);
  }

  /**
   * Still waiting for the teacher (contact_request_pending, migration 034: not responded, its
   * question not answered by the teacher anywhere); the partial index's condition first.
   */
  private static readonly pending = sql<boolean>`(r.teacher_responded_at IS NULL
    AND contact_request_pending(r))`;

  private static readonly columns = [
    'r.id',
    'r.class_id',
    'c.class_name',
    'c.course_code',
    'c.semester',
    'c.year',
    'r.conversation_id',
    'r.student_email',
    'r.conversation_question',
    'r.request_reason',
    'r.created_at',
    'r.teacher_responded_at',
    'r.reply',
    'r.replied_at',
    sql<boolean>`(SELECT conversation_answered_by_teacher(cv) FROM conversations cv
      WHERE cv.id = r.conversation_id)`.as('answered'),
  ] as const;

  /**
   * The teacher's requests, pending first and newest first, optionally for one class;
   * 'responded' is every one no longer pending (responded, or its question answered).
   */
  list(
    teacherId: string,
    filter: { classId?: string; status: 'all' | 'pending' | 'responded'; limit: number },
  ) {
    let q = this.ownedRequests(teacherId).select(ContactRepository.columns);
    if (filter.classId) q = q.where('r.class_id', '=', filter.classId);
    if (filter.status === 'pending') q = q.where(ContactRepository.pending);
    if (filter.status === 'responded') q = q.where(sql<boolean>`NOT ${ContactRepository.pending}`);
    return q
      .orderBy(ContactRepository.pending, 'desc')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(filter.limit)
      .execute();
  }

  async countPending(teacherId: string, classId?: string): Promise<number> {
    let q = this.ownedRequests(teacherId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(ContactRepository.pending);
    if (classId) q = q.where('r.class_id', '=', classId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** One request with what a reply e-mail needs, only if it is the teacher's. */
  findOwned(teacherId: string, id: string) {
    return this.ownedRequests(teacherId)
      .innerJoin('users as u', 'u.id', 'c.teacher_id')
      .select([
        ...ContactRepository.columns,
        'u.email as teacher_email',
        'u.first_name as teacher_first_name',
        'u.last_name as teacher_last_name',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }

  /** Marks responded; a request already responded keeps its first date. */
  async markResponded(id: string, reply?: string): Promise<void> {
    await this.db
      .updateTable('email_requests')
      .set((eb) => ({
        teacher_responded_at: eb.fn.coalesce('teacher_responded_at', sql<Date>`now()`),
        ...(reply === undefined ? {} : { reply, replied_at: sql<Date>`now()` }),
      }))
      .where('id', '=', id)
      .execute();
  }
}
