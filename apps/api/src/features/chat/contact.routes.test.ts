import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@app/contracts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { startFakeSmtp, subjectOf } from '../../../test/fakes/smtp.ts';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
The final exam is worth 40% of the grade and the midterm 30%.

## Late policy
Late homework loses 10% per day and is not accepted after three days.`;

type Setup = { share: string; classId: string; teacherEmail: string; auth: Record<string, string> };

let t: TestApp;
let main: Setup;

let addressCounter = 0;
/** Each call a new client address, so the per-address limits of one test never touch another. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

async function classWithSyllabus(app: TestApp['app']): Promise<Setup> {
  const teacher = await subscribedTeacher(app);
  const cls = await createClass(app, teacher.auth);
  const res = await app.inject({
    method: 'POST',
    url: '/api/content/syllabus',
    headers: teacher.auth,
    payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
  });
  if (res.statusCode !== 201) throw new Error(`syllabus failed: ${res.statusCode} ${res.body}`);
  return {
    share: cls.chat_uuid,
    classId: cls.id,
    teacherEmail: teacher.input.email,
    auth: teacher.auth,
  };
}

/** A student's question through the real ask route; returns the conversation id. */
async function conversation(
  app: TestApp['app'],
  share: string,
  question = 'how much is the final worth?',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/ask/${share}`,
    payload: { question },
    remoteAddress: freshAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`ask failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string; response: string } }).data;
}

function contact(
  share: string,
  payload: Record<string, unknown>,
  remoteAddress = freshAddress(),
  app = t.app,
) {
  return app.inject({ method: 'POST', url: `/api/chat/contact/${share}`, payload, remoteAddress });
}

const REASON = 'I still do not understand how the final is weighted.';
const valid = (conversationId: string) => ({
  conversation_id: conversationId,
  student_email: 'student@uni.test',
  request_reason: REASON,
});

/** What `probe` finds once every e-mail the app started after a reply has been sent or failed. */
async function afterMail<T>(probe: () => Promise<T | undefined>, app = t.app): Promise<T> {
  await app.drainMail();
  const found = await probe();
  if (found === undefined) throw new Error('not there once the e-mails were sent');
  return found;
}

const outboxFor = (db: TestApp['db'], to: string) =>
  afterMail(() =>
    db.selectFrom('emails').selectAll().where('to_address', '=', to).executeTakeFirst(),
  );

const requestsOf = (conversationId: string, db = t.db) =>
  db
    .selectFrom('email_requests')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .execute();

/** The text of a raw MIME message, quoted-printable decoded. */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

beforeAll(async () => {
  t = await createTestApp();
  main = await classWithSyllabus(t.app);
});
afterAll(async () => t.close());

describe('POST /api/chat/contact/:chat_uuid', () => {
  it('stores the request and e-mails the teacher the student address, reason, question and answer', async () => {
    const asked = await conversation(t.app, main.share, 'how much is the final worth?');
    const res = await contact(main.share, {
      conversation_id: asked.id,
      student_email: '  student@uni.test ',
      request_reason: `  ${REASON}  `,
    });
    expect(res.statusCode).toBe(201);
    const data = body<{ success: boolean; data: { id: string; created_at: string } }>(res);
    expect(data.success).toBe(true);
    expect(new Date(data.data.created_at).toISOString()).toBe(data.data.created_at);

    const [row] = await requestsOf(asked.id);
    expect(row).toMatchObject({
      id: data.data.id,
      class_id: main.classId,
      student_email: 'student@uni.test',
      request_reason: REASON,
      conversation_question: 'how much is the final worth?',
      teacher_responded_at: null,
    });

    const email = await outboxFor(t.db, main.teacherEmail);
    expect(email.transport).toBe('outbox');
    // the class named with its code and term: a course taught again is two classes of one name
    expect(email.subject).toBe(
      'Contact request from a student in Introduction to Biology (BIO 101) · Fall 2026',
    );
    expect(email.html_body).toBeNull();
    expect(email.text_body).toContain('Student e-mail: student@uni.test');
    expect(email.text_body).toContain(REASON);
    expect(email.text_body).toContain('how much is the final worth?');
    expect(asked.response).toContain('40%');
    expect(email.text_body).toContain(asked.response);
    expect(email.text_body).toContain(`http://app.test/chats?class=${main.classId}`);
  });

  it('accepts a reason of 10 and of 500 characters after trimming, and refuses 9 and 501', async () => {
    const send = async (reason: string) =>
      contact(main.share, {
        ...valid((await conversation(t.app, main.share)).id),
        request_reason: reason,
      });
    for (const reason of ['x'.repeat(9), `  ${'x'.repeat(9)}   `, 'x'.repeat(501), '   ']) {
      const res = await send(reason);
      expect(res.statusCode, JSON.stringify(reason)).toBe(422);
      expect(body(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        detail: [{ loc: ['body', 'request_reason'], msg: CHAT_MESSAGES.reasonLength }],
      });
    }
    expect((await send('x'.repeat(10))).statusCode).toBe(201);
    const padded = await send(`   ${'y'.repeat(500)}\n `);
    expect(padded.statusCode).toBe(201);
    const stored = await t.db
      .selectFrom('email_requests')
      .select('request_reason')
      .where('id', '=', body<{ data: { id: string } }>(padded).data.id)
      .executeTakeFirstOrThrow();
    expect(stored.request_reason).toBe('y'.repeat(500));
  });

  it('refuses a missing or malformed e-mail with 422', async () => {
    const { id } = await conversation(t.app, main.share);
    for (const email of ['not-an-email', 'student@', '', `${'a'.repeat(250)}@uni.test`]) {
      const res = await contact(main.share, { ...valid(id), student_email: email });
      expect(res.statusCode, email).toBe(422);
      expect(JSON.stringify(body(res).detail)).toContain('student_email');
    }
    const missing = await contact(main.share, { conversation_id: id, request_reason: REASON });
    expect(missing.statusCode).toBe(422);
    expect(await requestsOf(id)).toHaveLength(0);
  });

  it('answers 404 for an unknown class, an unknown conversation, or one of another class', async () => {
    const { id } = await conversation(t.app, main.share);
    const unknownClass = await contact('00000000-0000-4000-8000-000000000000', valid(id));
    expect(unknownClass.statusCode).toBe(404);
    expect(body(unknownClass)).toMatchObject({ code: 'NOT_FOUND', detail: 'Class not found' });

    const unknownConversation = await contact(
      main.share,
      valid('00000000-0000-4000-8000-000000000000'),
    );
    expect(unknownConversation.statusCode).toBe(404);
    expect(body(unknownConversation)).toMatchObject({ detail: 'Conversation not found' });

    // A conversation of another teacher's class, sent through this class's link.
    const other = await classWithSyllabus(t.app);
    const theirs = await conversation(t.app, other.share);
    const crossed = await contact(main.share, valid(theirs.id));
    expect(crossed.statusCode).toBe(404);
    expect(body(crossed)).toMatchObject({ code: 'NOT_FOUND', detail: 'Conversation not found' });
    expect(await requestsOf(theirs.id)).toHaveLength(0);
  });

  it('answers 422 for a malformed share link or conversation id', async () => {
    const { id } = await conversation(t.app, main.share);
    expect((await contact('nope', valid(id))).statusCode).toBe(422);
    expect((await contact(main.share, valid('not-a-uuid'))).statusCode).toBe(422);
  });

  it('answers 403 CLASS_INACTIVE for a deactivated class and stores nothing', async () => {
    const cls = await classWithSyllabus(t.app);
    const { id } = await conversation(t.app, cls.share);
    await t.app.inject({
      method: 'PUT',
      url: `/api/classes/${cls.classId}`,
      headers: cls.auth,
      payload: { is_active: false },
    });
    const res = await contact(cls.share, valid(id));
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({
      success: false,
      code: 'CLASS_INACTIVE',
      detail: CHAT_MESSAGES.classInactive,
    });
    expect(await requestsOf(id)).toHaveLength(0);
  });

  it('refuses a second pending request for the same conversation with 409, once responded allows a new one', async () => {
    const cls = await classWithSyllabus(t.app);
    const { id } = await conversation(t.app, cls.share);
    expect((await contact(cls.share, valid(id))).statusCode).toBe(201);
    const repeat = await contact(cls.share, {
      ...valid(id),
      request_reason: 'A different reason this time.',
    });
    expect(repeat.statusCode).toBe(409);
    expect(body(repeat)).toMatchObject({ code: 'CONFLICT' });
    expect(body(repeat).detail).toMatch(/already asked your teacher about this conversation/);
    expect(await requestsOf(id)).toHaveLength(1);
    await outboxFor(t.db, cls.teacherEmail);
    const emails = await t.db
      .selectFrom('emails')
      .select('id')
      .where('to_address', '=', cls.teacherEmail)
      .execute();
    expect(emails).toHaveLength(1);

    // Marked responded (SPEC §2 Chats: Mark Responded): the student may ask again.
    await t.db
      .updateTable('email_requests')
      .set({ teacher_responded_at: new Date() })
      .where('conversation_id', '=', id)
      .execute();
    expect((await contact(cls.share, valid(id))).statusCode).toBe(201);
    expect(await requestsOf(id)).toHaveLength(2);
  });

  it('limits requests per client address: the sixth in ten minutes gets 429 with Retry-After', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 5; i++) {
      const { id } = await conversation(t.app, main.share);
      expect((await contact(main.share, valid(id), address)).statusCode).toBe(201);
    }
    const { id } = await conversation(t.app, main.share);
    const limited = await contact(main.share, valid(id), address);
    expect(limited.statusCode).toBe(429);
    expect(body(limited).code).toBe('RATE_LIMITED');
    expect(body(limited).detail).toMatch(/wait a few minutes/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await requestsOf(id)).toHaveLength(0);
    // another address is not affected
    expect((await contact(main.share, valid(id))).statusCode).toBe(201);
  });
});

describe('contact e-mail through SMTP', () => {
  it('is delivered to the teacher when SMTP_URL is set', async () => {
    const smtp = await startFakeSmtp();
    const withSmtp = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Syllabot <hello@syllabot.test>',
    });
    try {
      const cls = await classWithSyllabus(withSmtp.app);
      const asked = await conversation(withSmtp.app, cls.share, 'when is late homework accepted');
      const res = await contact(cls.share, valid(asked.id), freshAddress(), withSmtp.app);
      expect(res.statusCode).toBe(201);
      // registration sent no mail; the only message is the contact request
      const message = await afterMail(async () => smtp.messages[0], withSmtp.app);
      expect(message.to).toEqual([cls.teacherEmail]);
      const text = decodeQuotedPrintable(message.raw);
      expect(subjectOf(message)).toBe(
        'Contact request from a student in Introduction to Biology (BIO 101) · Fall 2026',
      );
      // the teacher's Reply goes straight to the student
      expect(text).toContain('Reply-To: student@uni.test');
      expect(text).toContain('student@uni.test');
      expect(text).toContain(REASON);
      expect(text).toContain('when is late homework accepted');
      expect(text).toContain(`http://app.test/chats?class=${cls.classId}`);
      expect(text).not.toMatch(/text\/html/);
      const sent = await afterMail(
        () =>
          withSmtp.db
            .selectFrom('emails')
            .select(['transport', 'sent_at'])
            .where('to_address', '=', cls.teacherEmail)
            .where('sent_at', 'is not', null)
            .executeTakeFirst(),
        withSmtp.app,
      );
      expect(sent.transport).toBe('smtp');
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });

  it('still stores the request and answers 201 when the SMTP server is down', async () => {
    const smtp = await startFakeSmtp();
    await smtp.close(); // nothing listens on this port any more
    const withSmtp = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const cls = await classWithSyllabus(withSmtp.app);
      const asked = await conversation(withSmtp.app, cls.share);
      const res = await contact(cls.share, valid(asked.id), freshAddress(), withSmtp.app);
      expect(res.statusCode).toBe(201);
      expect(await requestsOf(asked.id, withSmtp.db)).toHaveLength(1);
      const failed = await afterMail(
        () =>
          withSmtp.db
            .selectFrom('emails')
            .select(['error', 'sent_at'])
            .where('to_address', '=', cls.teacherEmail)
            .where('error', 'is not', null)
            .executeTakeFirst(),
        withSmtp.app,
      );
      expect(failed.sent_at).toBeNull();
    } finally {
      await withSmtp.close();
    }
  });
});
