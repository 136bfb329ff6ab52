import { CHAT_MESSAGES, classChoiceName } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { tooManyRequests, type Limit, type RateLimiter } from '../ratelimit/rate-limiter.ts';
import { contactRequestEmail } from './contact-email.ts';
import type { ContactRepository } from './contact.repository.ts';

const CONTACT_PER_ADDRESS: Limit = { max: 5, windowSeconds: 10 * 60 };
const TOO_MANY =
  'You have sent several contact requests in a short time. Please wait a few minutes and try again.';
const ALREADY_PENDING =
  'You have already asked your teacher about this conversation. They will reply to the e-mail address you gave.';

/** A student asking the teacher to get in touch about one conversation (SPEC §4, §5). */
type ContactServiceDeps = {
  repo: ContactRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** for the link to the dashboard in the teacher's e-mail */
  publicUrl: string;
};

export class ContactService {
  constructor(private readonly deps: ContactServiceDeps) {}

  /**
   * Stores the request, then e-mails the teacher after replying. A conversation has at most one
   * pending request: a repeat is refused with 409 (not silently merged) so a student who writes a
   * different reason learns it was not sent, and the teacher gets one e-mail per conversation.
   */
  async request(
    chatUuid: string,
    input: { conversationId: string; studentEmail: string; reason: string; address: string },
  ): Promise<{ id: string; created_at: string }> {
    const cls = await this.deps.repo.classByShareId(chatUuid);
    if (!cls) throw notFound('Class');
    if (!cls.is_active) throw new AppError('CLASS_INACTIVE', CHAT_MESSAGES.classInactive);
    const wait = await this.deps.limiter.hit(`contact:addr:${input.address}`, CONTACT_PER_ADDRESS);
    if (wait) throw tooManyRequests(wait, TOO_MANY);
    // Another class's conversation looks exactly like a missing one.
    const conversation = await this.deps.repo.conversationOfClass(input.conversationId, cls.id);
    if (!conversation) throw notFound('Conversation');
    const row = await this.deps.repo.insertPending({
      classId: cls.id,
      conversationId: conversation.id,
      studentEmail: input.studentEmail,
      requestReason: input.reason,
      conversationQuestion: conversation.question,
    });
    if (!row) throw conflict(ALREADY_PENDING);

    // The request is stored whatever happens to the e-mail: the teacher also sees it in the
    // dashboard, and a slow SMTP server must not keep the student waiting.
    const email = contactRequestEmail({
      to: cls.teacher_email,
      teacherFirstName: cls.teacher_first_name,
      classLabel: classChoiceName(cls),
      studentEmail: input.studentEmail,
      reason: input.reason,
      question: conversation.question,
      answer: conversation.response,
      link: `${this.deps.publicUrl}/chats?class=${encodeURIComponent(cls.id)}`,
    });
    this.deps.mailer.later(
      () => this.deps.mailer.send(email),
      (err) =>
        this.deps.log.error(
          { err: err.message, emailRequestId: row.id },
          'contact request e-mail to the teacher failed',
        ),
    );
    return { id: row.id, created_at: row.created_at.toISOString() };
  }
}
