import { classChoiceName, type EmailRequest, type EmailRequestList } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactReplyEmail } from './contact-email.ts';
import type { ContactRepository } from './contact.repository.ts';

export const REPLY_NOT_SENT = 'Your reply could not be e-mailed. Please try again.';

type Row = Awaited<ReturnType<ContactRepository['list']>>[number];

function toRequest(r: Row): EmailRequest {
  return {
    id: r.id,
    class_id: r.class_id,
    class_name: r.class_name,
    course_code: r.course_code,
    conversation_id: r.conversation_id,
    student_email: r.student_email,
    conversation_question: r.conversation_question,
    request_reason: r.request_reason,
    created_at: r.created_at.toISOString(),
    teacher_responded_at: r.teacher_responded_at?.toISOString() ?? null,
    reply: r.reply,
    replied_at: r.replied_at?.toISOString() ?? null,
    answered: r.answered,
  };
}

/** The teacher's side of students' contact requests (SPEC §2, §4): list, Mark Responded, reply. */
type ContactRequestsServiceDeps = {
  repo: ContactRepository;
  classes: Pick<ClassesService, 'requireOwned'>;
  /** a reply answers the open unanswered questions asking the same */
  conversations: Pick<ConversationsService, 'closeByReply'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
};

export class ContactRequestsService {
  constructor(private readonly deps: ContactRequestsServiceDeps) {}

  async list(
    teacherId: string,
    filter: { class_id?: string; status: 'all' | 'pending' | 'responded'; limit: number },
  ): Promise<EmailRequestList> {
    if (filter.class_id) await this.deps.classes.requireOwned(teacherId, filter.class_id);
    const [rows, unanswered] = await Promise.all([
      this.deps.repo.list(teacherId, { ...filter, classId: filter.class_id }),
      this.deps.repo.countPending(teacherId, filter.class_id),
    ]);
    return { requests: rows.map(toRequest), unanswered };
  }

  private async owned(teacherId: string, id: string) {
    const row = await this.deps.repo.findOwned(teacherId, id);
    if (!row) throw notFound('Contact request');
    return row;
  }

  async markResponded(teacherId: string, id: string): Promise<EmailRequest> {
    await this.owned(teacherId, id);
    await this.deps.repo.markResponded(id);
    return toRequest(await this.owned(teacherId, id));
  }

  /**
   * E-mails the reply first and stores it only once it is sent: if the e-mail fails, nothing
   * changes and the teacher still has the text to send again. Once sent, the question is answered
   * everywhere: the request's conversation and the open unanswered ones asking the same leave the
   * Unanswered tab.
   */
  async reply(teacherId: string, id: string, message: string): Promise<EmailRequest> {
    const request = await this.owned(teacherId, id);
    // what the reply answers: the questions asked by now, not one asked while the e-mail goes
    const writtenAt = new Date();
    try {
      await this.deps.mailer.send(
        contactReplyEmail({
          to: request.student_email,
          teacherEmail: request.teacher_email,
          teacherName: `${request.teacher_first_name} ${request.teacher_last_name}`,
          classLabel: classChoiceName(request),
          question: request.conversation_question,
          reply: message,
        }),
      );
    } catch (err) {
      this.deps.log.error(
        { err: (err as Error).message, emailRequestId: id },
        'reply e-mail failed',
      );
      throw new AppError('EMAIL_NOT_SENT', REPLY_NOT_SENT);
    }
    await this.deps.repo.markResponded(id, message);
    await this.deps.conversations.closeByReply(teacherId, request.conversation_id, id, writtenAt);
    return toRequest(await this.owned(teacherId, id));
  }
}
