import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/app.ts';
import { createDb, type Db } from '../../db/index.ts';
import { EmailRepository } from './email.repository.ts';
import { Mailer, redact } from './mailer.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 2 }).db;
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('Mailer without SMTP (the outbox)', () => {
  it('keeps the whole message in the outbox but never writes a secret to the log', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(line) },
    ) as unknown as FastifyBaseLogger;
    const link = 'http://app.test/?reset_token=abc123secret';
    const repo = new EmailRepository(db);
    await new Mailer({ repo, log, from: 'Syllabot <a@b.test>', smtpUrl: undefined }).send({
      to: 'ada@uni.test',
      subject: 'Reset your Syllabot password',
      text: `Open this link:\n${link}\nIt works once.`,
      html: `<a href="${link.replace('&', '&amp;')}">Set a new password</a>`,
      secrets: [link],
    });
    expect(lines.join('')).not.toContain('abc123secret');
    expect(lines.join('')).toContain('[removed]');
    const row = await db
      .selectFrom('emails')
      .select(['text_body'])
      .where('to_address', '=', 'ada@uni.test')
      .executeTakeFirstOrThrow();
    expect(row.text_body).toContain(link); // the outbox is how the link reaches a laptop user
  });
});

describe('redact', () => {
  it('removes a secret as written and as escaped in HTML', () => {
    const link = 'http://x.test/?a=1&reset_token=s3cret';
    expect(redact(`go to ${link} now`, [link])).toBe('go to [removed] now');
    expect(redact(`<a href="http://x.test/?a=1&amp;reset_token=s3cret">`, [link])).toBe(
      '<a href="[removed]">',
    );
    expect(redact('nothing to hide', [])).toBe('nothing to hide');
  });
});
