import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_MESSAGES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai.ts';
import { NOT_COVERED } from './extractive.ts';
import { draftOfReply, NOT_IN_MATERIAL } from './prompt.ts';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
| Component | Weight |
| Homework | 20% |
| Midterm exam | 30% |
| Final exam | 40% |
| Participation | 10% |

## Late policy
Late homework loses 10% per day and is not accepted after three days.`;

const REPLY = 'The final exam is worth 40% of the grade [1], homework 20% [1].';
const PIECES = [
  'The final',
  ' exam is worth',
  ' 40% of the grade [',
  '1], homework',
  ' 20% [1',
  '].',
];

type Event = { event: string; data: Record<string, unknown> };

/** The events of a Server-Sent Events body. */
function eventsOf(body: string): Event[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))!.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

const draftOf = (events: Event[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

describe('draftOfReply', () => {
  it('grows with the reply, never showing a citation marker or a marker still being written', () => {
    let reply = '';
    let shown = '';
    for (const piece of PIECES) {
      reply += piece;
      const draft = draftOfReply(reply);
      expect(draft.startsWith(shown), `${JSON.stringify(draft)} extends ${shown}`).toBe(true);
      expect(draft).not.toMatch(/\[/);
      shown = draft;
    }
    expect(shown).toBe('The final exam is worth 40% of the grade, homework 20%.');
  });

  it('shows nothing while the reply is (or may become) NOT_IN_MATERIAL', () => {
    for (let n = 1; n <= NOT_IN_MATERIAL.length; n += 1)
      expect(draftOfReply(NOT_IN_MATERIAL.slice(0, n))).toBe('');
    expect(draftOfReply(`${NOT_IN_MATERIAL} sorry`)).toBe('');
    expect(draftOfReply('No, the lab is optional')).toBe('No, the lab is optional');
  });
});

describe('streamed answers (the loopback LLM)', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let share: string;
  let classId: string;
  let auth: Record<string, string>;
  let ip = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAi('sk-test');
    t = await createTestApp({
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      LLM_MODEL: 'test-model',
      LLM_TIMEOUT_MS: '5000',
    });
    const teacher = await subscribedTeacher(t.app);
    auth = teacher.auth;
    const cls = await createClass(t.app, auth);
    share = cls.chat_uuid;
    classId = cls.id;
    await t.app.inject({
      method: 'POST',
      url: '/api/content/syllabus',
      headers: auth,
      payload: { class_id: classId, title: 'Syllabus', content: SYLLABUS },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const ask = (path: string, question: string, headers: Record<string, string> = {}) => {
    ip += 1;
    return t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: `198.51.100.${ip}`,
      headers,
      payload: { question },
    });
  };
  const storedConversation = (id: string) =>
    t.db
      .selectFrom('conversations')
      .select(['question', 'response', 'source_type', 'citations', 'tokens_used'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('sends the draft as it is generated, then the same answer and stored conversation as the non-streamed ask', async () => {
    fake.reply({ content: REPLY, pieces: PIECES });
    const res = await ask(`/api/chat/ask/${share}/stream`, 'How much is the final exam worth?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    // the security headers of every reply
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const events = eventsOf(res.body);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(2);
    expect(draftOf(events)).toBe('The final exam is worth 40% of the grade, homework 20%.');
    const streamed = events.at(-1)!.data;
    expect(streamed.response).toBe('The final exam is worth 40% of the grade, homework 20%.');
    const sent = fake.requests.at(-1)!.body;
    expect(sent).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    fake.reply({ content: REPLY });
    const whole = await ask(`/api/chat/ask/${share}`, 'How much is the final exam worth?');
    const plain = whole.json().data;
    const { id: _a, created_at: _b, ...same } = plain;
    expect(streamed).toMatchObject(same);
    const [a, b] = await Promise.all([
      storedConversation(streamed.id as string),
      storedConversation(plain.id),
    ]);
    expect(a).toEqual(b);
    expect(a.tokens_used).toBe(30);
  });

  it('reaches the client while the model is still writing', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    fake.reply({ content: REPLY, pieces: PIECES, holdAfterFirstPiece: hold });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/chat/ask/${share}/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'How much is the final exam worth?' }),
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      // the model has sent one piece and waits: its text is already here
      while (!received.includes('event: delta')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      expect(eventsOf(received).map((e) => e.event)).toEqual(['delta']);
      expect(draftOf(eventsOf(received))).toBe('The final');
      release();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      expect(eventsOf(received).at(-1)!.event).toBe('done');
    } finally {
      release();
    }
  });

  it('a model that breaks off mid-answer is replaced by the extractive answer, as without streaming', async () => {
    fake.reply({ content: REPLY, pieces: PIECES, breakAfterPieces: 2 });
    const events = eventsOf(
      (await ask(`/api/chat/ask/${share}/stream`, 'How much is the final exam worth?')).body,
    );
    expect(draftOf(events)).toBe('The final exam is worth');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.response).toContain('40%');
    expect(done.data.response).not.toBe('The final exam is worth 40% of the grade, homework 20%.');
    expect((await storedConversation(done.data.id as string)).response).toBe(done.data.response);
  });

  it('a reply that the material does not cover shows no draft', async () => {
    fake.reply({ content: NOT_IN_MATERIAL });
    const asked = fake.requests.length;
    const events = eventsOf(
      (await ask(`/api/chat/ask/${share}/stream`, 'Is the final exam open book?')).body,
    );
    // the model was asked, and declined
    expect(fake.requests.length).toBe(asked + 1);
    expect(events.map((e) => e.event)).toEqual(['done']);
    expect(events[0]!.data).toMatchObject({ response: NOT_COVERED, source_type: 'other' });
  });

  it('refusals before the answer starts are ordinary JSON errors', async () => {
    const unknown = await ask(
      '/api/chat/ask/00000000-0000-4000-8000-000000000000/stream',
      'When is the final?',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const blank = await ask(`/api/chat/ask/${share}/stream`, '   ');
    expect(blank.statusCode).toBe(422);

    const teacherTest = await ask(`/api/chat/test/${classId}/stream`, 'When is the final?');
    expect(teacherTest.statusCode).toBe(401);
    const other = await subscribedTeacher(t.app);
    const notOwned = await ask(
      `/api/chat/test/${classId}/stream`,
      'When is the final?',
      other.auth,
    );
    expect(notOwned.statusCode).toBe(404);
  });

  it("wizard step 3's test question streams and stores nothing", async () => {
    const before = await t.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    fake.reply({ content: REPLY, pieces: PIECES });
    const events = eventsOf(
      (await ask(`/api/chat/test/${classId}/stream`, 'How much is the final worth?', auth)).body,
    );
    expect(draftOf(events)).toBe('The final exam is worth 40% of the grade, homework 20%.');
    expect(events.at(-1)!.data).toMatchObject({ source_type: 'syllabus' });
    const after = await t.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("the trial streams its document's answers and counts the question once", async () => {
    const session = (await t.app.inject({ method: 'POST', url: '/api/trial/session' })).json().data;
    const boundary = '----trial';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/trial/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${session.session_id}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="syllabus.txt"\r\nContent-Type: text/plain\r\n\r\n${SYLLABUS}\r\n`,
        `--${boundary}--\r\n`,
      ].join(''),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const trialAsk = (question: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trial/chat/stream',
        payload: { session_id: session.session_id, question },
      });
    fake.reply({ content: REPLY, pieces: PIECES });
    const events = eventsOf((await trialAsk('How much is the final worth?')).body);
    expect(draftOf(events)).toBe('The final exam is worth 40% of the grade, homework 20%.');
    expect(events.at(-1)!.data).toMatchObject({ questions_left: 9 });
    fake.reply({ content: NOT_IN_MATERIAL });
    const asked = fake.requests.length;
    const declined = eventsOf((await trialAsk('Is the final exam open book?')).body);
    expect(fake.requests.length).toBe(asked + 1);
    expect(declined.at(-1)!.data).toMatchObject({
      response: TRIAL_MESSAGES.notInDocument,
      questions_left: 8,
    });
  });
});
