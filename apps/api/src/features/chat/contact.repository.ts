import type { Db } from '../../db/index.ts';

/** All SQL for students' contact requests. */
export class ContactRepository {
  constructor(private readonly db: Db) {}

  /** The class behind a share link, with the teacher to notify. */
  classByShareId(chatUuid: string) {
    return this.db
      .selectFrom('classes as c')
      .innerJoin('users as u', 'u.id', 'c.teacher_id')
      .select([
        'c.id',
        'c.class_name',
        'c.course_code',
        'c.is_active',
        'u.email as teacher_email',
        'u.first_name as teacher_first_name',
      ])
      .where('c.chat_uuid', '=', chatUuid)
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
}
