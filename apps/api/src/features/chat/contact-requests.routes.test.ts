import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_MESSAGES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { startFakeSmtp, subjectOf } from '../../../test/fakes/smtp.ts';
import { REPLY_NOT_SENT } from './contact-requests.service.ts';

type Teacher = Awaited<ReturnType<typeof subscribedTeacher>>;
type Request = {
  id: string;
  class_id: string;
  class_name: string;
  student_email: string;
  conversation_question: string;
  teacher_responded_at: string | null;
  reply: string | null;
  replied_at: string | null;
};

let addressCounter = 0;
const freshAddress = () => `192.0.2.${++addressCounter}`;

/** A class whose students ask and then ask to be contacted, through the real public routes. */
async function classWithRequests(app: TestApp['app'], teacher: Teacher, emails: string[]) {
  const cls = await createClass(app, teacher.auth, { class_name: `Class ${emails.length}` });
  const ids: string[] = [];
  for (const email of emails) {
    const asked = await app.inject({
      method: 'POST',
      url: `/api/chat/ask/${cls.chat_uuid}`,
      payload: { question: `Question from ${email}?` },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const contact = await app.inject({
      method: 'POST',
      url: `/api/chat/contact/${cls.chat_uuid}`,
      payload: {
        conversation_id: asked.json().data.id,
        student_email: email,
        request_reason: 'Please explain this to me in office hours.',
      },
      remoteAddress: freshAddress(),
    });
    expect(contact.statusCode).toBe(201);
    ids.push(contact.json().data.id);
  }
  return { classId: cls.id, requestIds: ids };
}

describe('contact requests, teacher side (outbox)', () => {
  let t: TestApp;
  let owner: Teacher;
  let stranger: Teacher;
  let a: { classId: string; requestIds: string[] };
  let b: { classId: string; requestIds: string[] };
  let strangers: { classId: string; requestIds: string[] };

  const list = (query = '', auth: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'GET', url: `/api/chat/email-requests${query}`, headers: auth });
  const post = (url: string, auth: Record<string, string> | undefined, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: auth ?? {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await subscribedTeacher(t.app);
    stranger = await subscribedTeacher(t.app);
    a = await classWithRequests(t.app, owner, ['ana@student.test', 'ben@student.test']);
    b = await classWithRequests(t.app, owner, ['cy@student.test']);
    strangers = await classWithRequests(t.app, stranger, ['zed@student.test']);
  });
  afterAll(() => t.close());

  it('401 without a token on every route', async () => {
    const id = a.requestIds[0]!;
    expect((await list('', {})).statusCode).toBe(401);
    expect((await post(`/api/chat/email-requests/${id}/respond`, undefined)).statusCode).toBe(401);
    const reply = await post(`/api/chat/email-requests/${id}/reply`, undefined, { message: 'Hi' });
    expect(reply.statusCode).toBe(401);
  });

  it("lists only the teacher's own requests across classes, with the unanswered count", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { requests: Request[]; unanswered: number };
    expect(data.unanswered).toBe(3);
    expect(data.requests.map((r) => r.student_email).sort()).toEqual([
      'ana@student.test',
      'ben@student.test',
      'cy@student.test',
    ]);
    expect(data.requests[0]).toMatchObject({
      class_name: 'Class 1',
      conversation_question: 'Question from cy@student.test?',
      teacher_responded_at: null,
      reply: null,
    });
  });

  it('filters by class; another teacher’s class is 404; a bad filter is 422', async () => {
    const one = (await list(`?class_id=${a.classId}`)).json().data;
    expect(one.requests).toHaveLength(2);
    expect(one.unanswered).toBe(2);
    expect((await list(`?class_id=${strangers.classId}`)).statusCode).toBe(404);
    expect((await list('?class_id=nope')).statusCode).toBe(422);
    expect((await list('?status=done')).statusCode).toBe(422);
    expect((await list('?limit=0')).statusCode).toBe(422);
  });

  it('Mark Responded sets the date once, moves the request after the pending ones', async () => {
    const id = a.requestIds[0]!;
    expect((await post(`/api/chat/email-requests/${id}/respond`, stranger.auth)).statusCode).toBe(
      404,
    );
    expect((await post('/api/chat/email-requests/12/respond', owner.auth)).statusCode).toBe(422);

    const res = await post(`/api/chat/email-requests/${id}/respond`, owner.auth);
    expect(res.statusCode).toBe(200);
    const marked = res.json().data as Request;
    expect(marked.teacher_responded_at).not.toBeNull();
    const again = (await post(`/api/chat/email-requests/${id}/respond`, owner.auth)).json().data;
    expect(again.teacher_responded_at).toBe(marked.teacher_responded_at);

    const data = (await list()).json().data as { requests: Request[]; unanswered: number };
    expect(data.unanswered).toBe(2);
    expect(data.requests.at(-1)!.id).toBe(id);
    const pending = (await list('?status=pending')).json().data.requests as Request[];
    expect(pending.map((r) => r.id)).not.toContain(id);
    const responded = (await list('?status=responded')).json().data.requests as Request[];
    expect(responded.map((r) => r.id)).toEqual([id]);
  });

  it('Mark Responded also takes an empty JSON body, as curl sends it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/email-requests/${a.requestIds[1]}/respond`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teacher_responded_at).not.toBeNull();
    // a route that needs a body still says so
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/chat/email-requests/${a.requestIds[1]}/reply`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().detail[0].msg).toBe('Request body is required');
  });

  it('a reply goes to the outbox, is stored and marks the request responded', async () => {
    const id = b.requestIds[0]!;
    const res = await post(`/api/chat/email-requests/${id}/reply`, owner.auth, {
      message: '  Come to my office on Tuesday at 2 pm.  ',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Request;
    expect(data.reply).toBe('Come to my office on Tuesday at 2 pm.');
    expect(data.replied_at).not.toBeNull();
    expect(data.teacher_responded_at).not.toBeNull();
    const mail = await t.db
      .selectFrom('emails')
      .selectAll()
      .where('to_address', '=', 'cy@student.test')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Come to my office on Tuesday at 2 pm.');
    expect(mail.text_body).toContain('Question from cy@student.test?');
  });

  it.each([
    ['a blank message', { message: '   ' }, REPLY_MESSAGES.blank],
    ['a message over 5,000 characters', { message: 'x'.repeat(5001) }, REPLY_MESSAGES.tooLong],
    ['no message', {}, undefined],
  ])('422 for %s', async (_name, payload, msg) => {
    const res = await post(
      `/api/chat/email-requests/${a.requestIds[1]}/reply`,
      owner.auth,
      payload,
    );
    expect(res.statusCode).toBe(422);
    if (msg) expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain(msg);
  });

  it("404 replying to another teacher's request, and no e-mail is sent", async () => {
    const res = await post(
      `/api/chat/email-requests/${strangers.requestIds[0]}/reply`,
      owner.auth,
      {
        message: 'Hello from someone else',
      },
    );
    expect(res.statusCode).toBe(404);
    const mails = await t.db
      .selectFrom('emails')
      .select('id')
      .where('to_address', '=', 'zed@student.test')
      .execute();
    expect(mails).toEqual([]);
  });
});

describe('contact request replies over SMTP', () => {
  it('reach the student with Reply-To the teacher', async () => {
    const smtp = await startFakeSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const teacher = await subscribedTeacher(t.app);
      const { requestIds } = await classWithRequests(t.app, teacher, ['dana@student.test']);
      const before = smtp.messages.length; // the teacher's notification
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chat/email-requests/${requestIds[0]}/reply`,
        headers: teacher.auth,
        payload: { message: 'The answer is on page 12.\nSee you Monday.' },
      });
      expect(res.statusCode).toBe(200);
      const mail = smtp.messages.slice(before).find((m) => m.to.includes('dana@student.test'));
      expect(mail).toBeDefined();
      expect(mail!.raw).toMatch(new RegExp(`Reply-To: ${teacher.input.email}`, 'i'));
      expect(mail!.raw).toContain('The answer is on page 12.');
      expect(subjectOf(mail!)).toMatch(
        /^Ada Lovelace\d+ replied to your question in Class 1 \(BIO 101\) · Fall 2026$/,
      );
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('502 when the e-mail cannot be sent, and the request stays pending', async () => {
    const smtp = await startFakeSmtp();
    await smtp.close(); // nothing listens on this port any more
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const teacher = await subscribedTeacher(t.app);
      const { requestIds } = await classWithRequests(t.app, teacher, ['eve@student.test']);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chat/email-requests/${requestIds[0]}/reply`,
        headers: teacher.auth,
        payload: { message: 'Will this arrive?' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        detail: REPLY_NOT_SENT,
        code: 'EMAIL_NOT_SENT',
      });
      const row = await t.db
        .selectFrom('email_requests')
        .select(['teacher_responded_at', 'reply'])
        .where('id', '=', requestIds[0]!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ teacher_responded_at: null, reply: null });
    } finally {
      await t.close();
    }
  });
});
