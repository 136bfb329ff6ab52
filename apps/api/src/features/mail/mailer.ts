import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailRepository } from './email.repository.ts';

export type Email = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** where the recipient's Reply goes (a student's address on a contact request) */
  replyTo?: string;
  /**
   * Parts that grant access (a password-reset link): never written to the log, and removed from
   * the stored copy once SMTP has delivered the e-mail.
   */
  secrets?: string[];
};

const REDACTED = '[removed]';
const htmlEscaped = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
  );

/** The text with every secret (as written, and as escaped in HTML) replaced. */
export function redact(text: string, secrets: string[] = []): string {
  return secrets
    .filter((x) => x.length > 0)
    .flatMap((x) => [x, htmlEscaped(x)])
    .reduce((out, x) => out.split(x).join(REDACTED), text);
}

/**
 * Sends through SMTP when SMTP_URL is set. Without it, each e-mail goes into the `emails` table
 * (the outbox) and a log line, so flows like password reset work with no setup.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private readonly pending = new Set<Promise<void>>();
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly deps: {
      repo: EmailRepository;
      log: FastifyBaseLogger;
      /** the From of every e-mail (MAIL_FROM) */
      from: string;
      /** unset: the outbox */
      smtpUrl: string | undefined;
    },
  ) {
    this.log = deps.log;
    this.transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  }

  get mode(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  async send(email: Email): Promise<void> {
    const id = await this.deps.repo.insert({
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      transport: this.mode,
    });
    if (!this.transport) {
      this.log.info(
        {
          emailId: id,
          to: email.to,
          subject: email.subject,
          body: redact(email.text, email.secrets),
        },
        'e-mail stored in outbox (SMTP_URL not set); the whole message is in the emails table',
      );
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.deps.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      });
      // delivered: the stored copy keeps no usable link
      await this.deps.repo.markSent(
        id,
        email.secrets?.length
          ? {
              text_body: redact(email.text, email.secrets),
              html_body: email.html === undefined ? null : redact(email.html, email.secrets),
            }
          : null,
      );
    } catch (err) {
      const message = (err as Error).message;
      await this.deps.repo.markFailed(id, message);
      this.log.error({ emailId: id, err: message }, 'SMTP delivery failed');
      throw err;
    }
  }

  /**
   * Runs `task` (an e-mail and whatever leads up to it) after the reply, so a slow SMTP server or
   * a lookup never holds a request; its failure goes to `onError`. `drain()` waits for all of them.
   */
  later(task: () => Promise<void>, onError: (err: Error) => void): void {
    const running: Promise<void> = task()
      .catch((err: unknown) => onError(err as Error))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves when every e-mail started with `later` has been sent or has failed. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  close() {
    this.transport?.close();
  }
}
