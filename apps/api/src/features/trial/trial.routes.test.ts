import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_MESSAGES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { materialSourcesOf } from '../../../test/services.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { ExtractiveAnswerer } from '../answering/answerer.ts';
import { createExtractor } from '../extraction/index.ts';
import { RateLimitRepository } from '../ratelimit/rate-limit.repository.ts';
import { RateLimiter } from '../ratelimit/rate-limiter.ts';
import { TRIAL_OWNER_ID, TrialRepository } from './trial.repository.ts';
import { TrialService } from './trial.service.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url));

const SYLLABUS = `# BIO 101 Syllabus

## Grading
The final exam is worth 40% of the grade and the midterm 30%.

## Office hours
Office hours are on Tuesdays from 2 to 4 pm in Science Hall 204.`;

let t: TestApp;
let clock = new Date('2026-11-22T10:00:00Z');
let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;

type Session = {
  session_id: string;
  expires_at: string;
  questions_used: number;
  questions_left: number;
  document: { file_name: string; file_size: number; word_count: number } | null;
};

async function start(address = freshAddress()): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trial/session',
    remoteAddress: address,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Session;
}

function upload(sessionId: string | undefined, file?: { name: string; data: Buffer }) {
  const body = multipartBody(sessionId === undefined ? {} : { session_id: sessionId }, file);
  return t.app.inject({ method: 'POST', url: '/api/trial/upload', ...body });
}

function ask(sessionId: string, question: string, history: object[] = []) {
  return t.app.inject({
    method: 'POST',
    url: '/api/trial/chat',
    payload: { session_id: sessionId, question, conversation_history: history },
  });
}

async function sessionWith(name: string, data: Buffer) {
  const session = await start();
  const res = await upload(session.session_id, { name, data });
  expect(res.statusCode, res.body).toBe(201);
  return session.session_id;
}

beforeAll(async () => {
  t = await createTestApp({ TRIAL_SESSIONS_PER_DAY: '3' }, { now: () => clock });
});
afterAll(() => t.close());

describe('GET /api/trial/health/check', () => {
  it('is up and tells the limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trial/health/check' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      status: 'ok',
      questions_per_session: 10,
      max_file_bytes: 10 * 1024 * 1024,
      file_types: ['pdf', 'docx', 'txt'],
      session_hours: 24,
    });
  });
});

describe('POST /api/trial/session', () => {
  it('starts a 24-hour session with ten questions and no document', async () => {
    const session = await start();
    expect(session).toMatchObject({
      questions_used: 0,
      questions_left: 10,
      document: null,
      expires_at: '2026-11-23T10:00:00.000Z',
    });
  });

  it('caps new sessions per client address per day (429 with Retry-After)', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) await start(address);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trial/session',
      remoteAddress: address,
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ detail: TRIAL_MESSAGES.serverTooManySessions });
    await start(freshAddress()); // another network is not affected
  });
});

describe('POST /api/trial/upload', () => {
  it('reads a PDF and returns its name, size and word count', async () => {
    const session = await start();
    const pdf = fixture('text.pdf');
    const res = await upload(session.session_id, { name: 'text.pdf', data: pdf });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({ file_name: 'text.pdf', file_size: pdf.length });
    expect(doc.word_count).toBeGreaterThan(20);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/trial/session/${session.session_id}`,
    });
    expect(got.json().data.document).toEqual(doc);
  });

  it.each([
    ['a spreadsheet', 'grades.xlsx', fixture('grades.xlsx'), 415, TRIAL_MESSAGES.fileType],
    ['a Word 97 file', 'lesson.doc', fixture('lesson.doc'), 415, TRIAL_MESSAGES.fileType],
    [
      'a spreadsheet renamed .pdf',
      'grades.pdf',
      fixture('grades.xlsx'),
      415,
      TRIAL_MESSAGES.fileType,
    ],
    ['a damaged PDF', 'damaged.pdf', fixture('damaged.pdf'), 422, undefined],
    [
      'a file over 10 MB',
      'big.txt',
      Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
      413,
      TRIAL_MESSAGES.fileTooLarge,
    ],
  ])('refuses %s and stores nothing', async (_name, fileName, data, status, detail) => {
    const session = await start();
    const res = await upload(session.session_id, { name: fileName, data });
    expect(res.statusCode).toBe(status);
    if (detail) expect(res.json().detail).toBe(detail);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/trial/session/${session.session_id}`,
    });
    expect(got.json().data.document).toBeNull();
  });

  it('404 without a session, with an unknown one, or with an expired one', async () => {
    const txt = { name: 'notes.txt', data: fixture('notes.txt') };
    for (const id of [undefined, 'not-a-uuid', crypto.randomUUID()]) {
      const res = await upload(id, txt);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(TRIAL_MESSAGES.serverSessionMissing);
    }
  });

  it('422 without a file', async () => {
    const session = await start();
    expect((await upload(session.session_id)).statusCode).toBe(422);
  });

  it('a second upload replaces the first; the questions asked stay counted', async () => {
    const id = await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    expect((await ask(id, 'How much is the final exam worth?')).json().data).toMatchObject({
      source_type: 'syllabus',
      questions_left: 9,
    });
    const second = await upload(id, { name: 'text.pdf', data: fixture('text.pdf') });
    expect(second.statusCode).toBe(201);
    const reply = (await ask(id, 'How much is the final exam worth?')).json().data;
    expect(reply.source_type).toBe('other');
    expect(reply.questions_left).toBe(8);
    const onPdf = (await ask(id, 'Which light does chlorophyll absorb?')).json().data;
    expect(onPdf.response).toMatch(/red and blue light/);
    const session = (await t.app.inject({ method: 'GET', url: `/api/trial/session/${id}` })).json();
    expect(session.data).toMatchObject({ questions_used: 3, document: { file_name: 'text.pdf' } });
  });
});

describe('POST /api/trial/chat', () => {
  it('answers from the document with its source, and says when the document does not cover it', async () => {
    const id = await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    const res = await ask(id, 'When are office hours?', [
      { question: 'How much is the final worth?', response: '40% of the grade.' },
    ]);
    expect(res.statusCode).toBe(200);
    const reply = res.json().data;
    expect(reply.response).toMatch(/Tuesdays from 2 to 4 pm/);
    expect(reply.citations[0]).toMatchObject({ title: 'syllabus' });
    expect(reply.id).toMatch(/^[0-9a-f-]{36}$/);
    const off = (await ask(id, 'Is there parking near the stadium?')).json().data;
    expect(off).toMatchObject({
      kind: 'none',
      source_type: 'other',
      response: TRIAL_MESSAGES.notInDocument,
    });
  });

  it('a "when" question is answered by a year in a history text', async () => {
    const history = [
      '# The French Revolution',
      'The French Revolution began in 1789 with the storming of the Bastille in Paris.',
      'Between 1793 and 1794 the Committee of Public Safety ruled during the Reign of Terror.',
    ].join('\n\n');
    const id = await sessionWith('revolution.txt', Buffer.from(history));
    const began = (await ask(id, 'When did the French Revolution begin?')).json().data;
    expect(began.response).toMatch(/1789/);
    // a quotation names the document as the visitor's, whatever it is
    expect(began.kind).toBe('excerpt');
    expect(began.response).toMatch(
      /^Here is what your document says about The French Revolution:\n> /,
    );
    const terror = (await ask(id, 'When was the Reign of Terror?')).json().data;
    expect(terror.response).toMatch(/Between 1793 and 1794/);
  });

  it('answers ten questions, then 429 with the limit message, also when sent at once', async () => {
    const id = await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => ask(id, 'How much is the midterm worth?')),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const left = replies
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().data.questions_left)
      .sort((a, b) => a - b);
    expect(left).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const eleventh = await ask(id, 'One more?');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().detail).toBe(TRIAL_MESSAGES.serverLimit);
    expect(eleventh.json().detail).toMatch(/limit/);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('409 before a document is uploaded', async () => {
    const session = await start();
    const res = await ask(session.session_id, 'What is this about?');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(TRIAL_MESSAGES.serverNoDocument);
    expect(res.json().detail).toMatch(/document/);
  });

  it("another session's document is never used", async () => {
    await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    const other = await sessionWith('text.pdf', fixture('text.pdf'));
    const reply = (await ask(other, 'How much is the final exam worth?')).json().data;
    expect(reply.source_type).toBe('other');
    expect(reply.response).not.toMatch(/40%/);
  });

  it.each([
    ['a blank question', { question: '   ' }],
    ['a question over 1,000 characters', { question: 'a'.repeat(1001) }],
    [
      'seven turns of history',
      { question: 'Q?', conversation_history: Array(7).fill({ question: 'q', response: 'r' }) },
    ],
    ['a malformed session id', { session_id: 'abc', question: 'Q?' }],
  ])('422 for %s', async (_name, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trial/chat',
      payload: { session_id: crypto.randomUUID(), ...body },
    });
    expect(res.statusCode).toBe(422);
  });

  it('404 for an unknown session, with a message about the session', async () => {
    const res = await ask(crypto.randomUUID(), 'Hello?');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/session/);
  });
});

describe('the document stays private', () => {
  it("no share link opens a trial document's hidden class", async () => {
    const id = await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    const row = await t.db
      .selectFrom('trial_sessions as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['c.chat_uuid', 'c.teacher_id', 'c.is_active'])
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ teacher_id: TRIAL_OWNER_ID, is_active: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/chat/session/${row.chat_uuid}` });
    expect(res.statusCode).toBe(403);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/chat/ask/${row.chat_uuid}`,
      payload: { question: 'How much is the final exam worth?' },
    });
    expect(asked.statusCode).toBe(403);
  });

  it('the trial account cannot sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'trial-documents@system.invalid', password: '!' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('ending a session', () => {
  const chunksOf = async (sessionId: string) => {
    const rows = await t.db
      .selectFrom('content_chunks as ch')
      .innerJoin('trial_sessions as s', 's.class_id', 'ch.class_id')
      .select('ch.id')
      .where('s.id', '=', sessionId)
      .execute();
    return rows.length;
  };
  const trialClasses = async () =>
    (
      await t.db
        .selectFrom('classes')
        .select('id')
        .where('teacher_id', '=', TRIAL_OWNER_ID)
        .execute()
    ).length;

  it('DELETE removes the session, its document and its chunks', async () => {
    const id = await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    expect(await chunksOf(id)).toBeGreaterThan(0);
    const before = await trialClasses();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/trial/session/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: true });
    expect(await trialClasses()).toBe(before - 1);
    const got = await t.app.inject({ method: 'GET', url: `/api/trial/session/${id}` });
    expect(got.statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/trial/session/${id}` });
    expect(again.statusCode).toBe(404);
  });

  it('after 24 hours a session is gone, and the clean-up deletes it with its document', async () => {
    const id = await sessionWith('syllabus.txt', Buffer.from(SYLLABUS));
    const extractor = createExtractor();
    const trial = new TrialService({
      repo: new TrialRepository(t.db),
      content: { storeReadDocument: () => Promise.reject(new Error('not uploaded here')) },
      limiter: new RateLimiter({ repo: new RateLimitRepository(t.db) }),
      answerer: new ExtractiveAnswerer(materialSourcesOf(t.db)),
      extractor,
      sessionsPerDay: 5,
      now: () => clock,
    });
    try {
      clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 - 1000);
      expect((await ask(id, 'How much is the final exam worth?')).statusCode).toBe(200);
      expect(await trial.deleteExpired()).toBe(0);

      clock = new Date(clock.getTime() + 2000);
      const late = await ask(id, 'How much is the final exam worth?');
      expect(late.statusCode).toBe(404);
      expect(late.json().detail).toBe(TRIAL_MESSAGES.serverSessionMissing);
      const classes = await trialClasses();
      expect(await trial.deleteExpired()).toBeGreaterThanOrEqual(1);
      expect(await trialClasses()).toBeLessThan(classes);
      const left = await t.db
        .selectFrom('trial_sessions')
        .select('id')
        .where('id', '=', id)
        .execute();
      expect(left).toEqual([]);
      const orphans = await t.db
        .selectFrom('content_chunks as ch')
        .innerJoin('classes as c', 'c.id', 'ch.class_id')
        .select('ch.id')
        .where('c.teacher_id', '=', TRIAL_OWNER_ID)
        .where(
          'c.id',
          'not in',
          t.db
            .selectFrom('trial_sessions')
            .select('class_id')
            .where('class_id', 'is not', null)
            .$narrowType<{ class_id: string }>(),
        )
        .execute();
      expect(orphans).toEqual([]);
    } finally {
      await extractor.close();
    }
  });
});
