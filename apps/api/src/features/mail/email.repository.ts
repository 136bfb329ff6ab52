import { Repository } from '../../db/repository.ts';

/** All SQL for the `emails` table: every e-mail sent, and the outbox when SMTP is not set. */
export class EmailRepository extends Repository {
  async insert(values: {
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    transport: 'smtp' | 'outbox';
  }): Promise<string> {
    const row = await this.db
      .insertInto('emails')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Delivered; `redacted` replaces the stored bodies (they held a secret). */
  async markSent(id: string, redacted: { text_body: string; html_body: string | null } | null) {
    await this.db
      .updateTable('emails')
      .set({ sent_at: new Date(), ...(redacted ?? {}) })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: string, error: string) {
    await this.db.updateTable('emails').set({ error }).where('id', '=', id).execute();
  }
}
