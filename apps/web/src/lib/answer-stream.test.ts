import { describe, expect, it, vi } from 'vitest';
import { API_ERROR_TEXT, ApiError } from './api-client';
import {
  createEventStreamParser,
  streamAnswer,
  streamAnswerWithFallback,
  type ServerSentEvent,
} from './answer-stream';
import { eventStream, sseEvent } from '@/test/event-stream';

function parseAll(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

const WIRE =
  ': ping\n\n' +
  'event: delta\ndata: {"text":"The mid"}\n\n' +
  ': ping\n' +
  'event: delta\ndata: {"text":"term is on Oct 14."}\n\n' +
  'event: done\ndata: {"id":"r-1","response":"The midterm is on Oct 14.","citations":[]}\n\n';

const WIRE_EVENTS: ServerSentEvent[] = [
  { event: 'delta', data: '{"text":"The mid"}' },
  { event: 'delta', data: '{"text":"term is on Oct 14."}' },
  {
    event: 'done',
    data: '{"id":"r-1","response":"The midterm is on Oct 14.","citations":[]}',
  },
];

describe('createEventStreamParser', () => {
  it('reads named events and ignores ping comments', () => {
    expect(parseAll([WIRE])).toEqual(WIRE_EVENTS);
  });

  it('gives the same events however the text is split into chunks', () => {
    for (let cut = 1; cut < WIRE.length; cut += 1) {
      expect(parseAll([WIRE.slice(0, cut), WIRE.slice(cut)])).toEqual(WIRE_EVENTS);
    }
    expect(parseAll([...WIRE])).toEqual(WIRE_EVENTS);
  });

  it('accepts CRLF and CR line endings, even with CR and LF in different chunks', () => {
    const crlf = WIRE.replaceAll('\n', '\r\n');
    expect(parseAll([crlf])).toEqual(WIRE_EVENTS);
    expect(parseAll([...crlf])).toEqual(WIRE_EVENTS);
    expect(parseAll([WIRE.replaceAll('\n', '\r')])).toEqual(WIRE_EVENTS);
    // a CR ending one chunk and the LF starting the next are one line end, not a blank line
    expect(parseAll(['data: a\r', '\ndata: b\r', '\n\r', '\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('joins multi-line data with newlines and keeps spaces after the first', () => {
    expect(
      parseAll(['event: done\ndata: {"response":\ndata:  "two"\n: comment inside\ndata:}\n\n']),
    ).toEqual([{ event: 'done', data: '{"response":\n "two"\n}' }]);
  });

  it('resets the event type after each event; data-less events and unknown fields are dropped', () => {
    expect(
      parseAll([
        'event: delta\n\n',
        'id: 7\nretry: 1000\ndata: plain\n\n',
        'event: error\ndata\n\n',
        'nonsense line\ndata: x\n\n',
      ]),
    ).toEqual([
      { event: 'message', data: 'plain' },
      { event: 'error', data: '' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('skips a byte order mark and flushes an event left without its blank line', () => {
    expect(parseAll(['\uFEFFevent: done\ndata: {}'])).toEqual([{ event: 'done', data: '{}' }]);
  });
});

/** Stubs fetch with one reply; records the request. */
function stubFetch(reply: () => Response | Promise<Response>) {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(reply()));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const REPLY = { id: 'r-1', response: 'The midterm is on Oct 14.', citations: [] };

describe('streamAnswer', () => {
  it('POSTs the JSON body under /api, reports each delta and resolves with done', async () => {
    const stream = eventStream();
    const fetch = stubFetch(() => stream.response);
    const deltas: string[] = [];
    const answer = streamAnswer('/chat/ask/c-1/stream', {
      body: { question: 'When?', student_identifier: null },
      onDelta: (text) => deltas.push(text),
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/chat/ask/c-1/stream');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ question: 'When?', student_identifier: null }));
    expect(init?.headers).toEqual({
      Accept: 'text/event-stream, application/json',
      'Content-Type': 'application/json',
    });

    stream.send(': ping\n\nevent: delta\ndata: {"te');
    stream.send('xt":"The mid"}\n\n');
    await vi.waitFor(() => expect(deltas).toEqual(['The mid']));
    stream.delta('term is on Oct 14.');
    await vi.waitFor(() => expect(deltas).toEqual(['The mid', 'term is on Oct 14.']));
    stream.done(REPLY);
    await expect(answer).resolves.toEqual(REPLY);
  });

  it('decodes UTF-8 characters split between chunks', async () => {
    const bytes = new TextEncoder().encode(
      sseEvent('delta', { text: 'café ✓' }) + sseEvent('done', REPLY),
    );
    const at = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, at));
        controller.enqueue(bytes.slice(at, at + 9));
        controller.enqueue(bytes.slice(at + 9));
        controller.close();
      },
    });
    stubFetch(() => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    const deltas: string[] = [];
    await expect(
      streamAnswer('/x/stream', { body: {}, onDelta: (t) => deltas.push(t) }),
    ).resolves.toEqual(REPLY);
    expect(deltas).toEqual(['café ✓']);
  });

  it('sends the stored token only for teacher calls', async () => {
    localStorage.setItem('access_token', 'access-1');
    const fetch = stubFetch(() => json(200, { success: true, data: REPLY }));
    await streamAnswer('/chat/test/k-1/stream', { body: { question: 'Q' }, auth: true });
    await streamAnswer('/trial/chat/stream', { body: { question: 'Q' } });
    const auth = fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>).Authorization,
    );
    expect(auth).toEqual(['Bearer access-1', undefined]);
  });

  it('reads a reply that is not an event stream as the usual JSON', async () => {
    stubFetch(() => json(200, { success: true, data: REPLY }));
    await expect(streamAnswer('/x/stream', { body: {} })).resolves.toEqual(REPLY);
  });

  it('rejects a JSON error as the app client does: status, code, message, detail', async () => {
    stubFetch(() =>
      json(
        429,
        {
          success: false,
          detail: 'Too many questions. Please wait a moment.',
          code: 'RATE_LIMITED',
        },
        { 'Retry-After': '30' },
      ),
    );
    const error = (await rejection(streamAnswer('/x/stream', { body: {} }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many questions. Please wait a moment.',
      detail: 'Too many questions. Please wait a moment.',
    });

    stubFetch(() =>
      json(422, {
        success: false,
        code: 'VALIDATION_ERROR',
        detail: [{ loc: ['body', 'question'], msg: 'Please enter a question.', type: 'x' }],
      }),
    );
    expect(await rejection(streamAnswer('/x/stream', { body: {} }))).toMatchObject({
      status: 422,
      message: 'Please enter a question.',
    });

    stubFetch(() => new Response('', { status: 502 }));
    expect(await rejection(streamAnswer('/x/stream', { body: {} }))).toMatchObject({
      status: 502,
      message: API_ERROR_TEXT.noBody,
    });
  });

  it('rejects an error event with its detail', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const deltas: string[] = [];
    const answer = streamAnswer('/x/stream', { body: {}, onDelta: (t) => deltas.push(t) });
    stream.delta('Half an ans');
    stream.error('The language model did not answer.');
    const error = await rejection(answer);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: 'The language model did not answer.' });
    expect(deltas).toEqual(['Half an ans']);
  });

  it('a stream that ends or breaks without done is a lost connection (status 0)', async () => {
    const ended = eventStream();
    stubFetch(() => ended.response);
    const first = streamAnswer('/x/stream', { body: {} });
    ended.delta('Part');
    ended.close();
    expect(await rejection(first)).toMatchObject({ status: 0, message: API_ERROR_TEXT.network });

    const broken = eventStream();
    stubFetch(() => broken.response);
    const second = streamAnswer('/x/stream', { body: {} });
    broken.send(': ping\n\n');
    broken.fail();
    expect(await rejection(second)).toMatchObject({ status: 0, message: API_ERROR_TEXT.network });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await rejection(streamAnswer('/x/stream', { body: {} }))).toMatchObject({
      status: 0,
      message: API_ERROR_TEXT.network,
    });
  });

  it('gives up on a silent stream after the idle limit; pings keep it alive', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const answer = streamAnswer('/x/stream', { body: {}, idleTimeoutMs: 60 });
    for (let i = 0; i < 4; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      stream.send(': ping\n\n');
    }
    expect(await rejection(answer)).toMatchObject({ status: 0 });
  });

  it('stops when the caller aborts, rejecting with the abort', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const controller = new AbortController();
    const deltas: string[] = [];
    const answer = streamAnswer('/x/stream', {
      body: {},
      signal: controller.signal,
      onDelta: (t) => deltas.push(t),
    });
    stream.delta('First');
    await vi.waitFor(() => expect(deltas).toEqual(['First']));
    controller.abort();
    const error = await rejection(answer);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    stream.delta('Too late');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deltas).toEqual(['First']);

    const before = new AbortController();
    before.abort();
    const fetch = stubFetch(() => json(200, { success: true, data: REPLY }));
    await rejection(streamAnswer('/x/stream', { body: {}, signal: before.signal }));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('streamAnswerWithFallback', () => {
  const FALLBACK = { ...REPLY, id: 'from-fallback' };

  it('asks the non-streamed endpoint once when no answer came through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const fallback = vi.fn(() => Promise.resolve(FALLBACK));
    await expect(streamAnswerWithFallback('/x/stream', { body: {}, fallback })).resolves.toEqual(
      FALLBACK,
    );
    expect(fallback).toHaveBeenCalledOnce();

    const stream = eventStream();
    stubFetch(() => stream.response);
    const again = streamAnswerWithFallback('/x/stream', { body: {}, fallback });
    stream.send(': ping\n\n');
    stream.fail();
    await expect(again).resolves.toEqual(FALLBACK);
    expect(fallback).toHaveBeenCalledTimes(2);
  });

  it('does not fall back once part of the answer arrived', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const fallback = vi.fn(() => Promise.resolve(FALLBACK));
    const deltas: string[] = [];
    const answer = streamAnswerWithFallback('/x/stream', {
      body: {},
      fallback,
      onDelta: (t) => deltas.push(t),
    });
    stream.delta('Part');
    await vi.waitFor(() => expect(deltas).toEqual(['Part']));
    stream.fail();
    expect(await rejection(answer)).toMatchObject({ status: 0 });
    expect(fallback).not.toHaveBeenCalled();
  });

  it('falls back on a 401 of a teacher call (the client refreshes), not on other errors', async () => {
    const fallback = vi.fn(() => Promise.resolve(FALLBACK));
    stubFetch(() => json(401, { success: false, detail: 'Token expired', code: 'TOKEN_EXPIRED' }));
    await expect(
      streamAnswerWithFallback('/x/stream', { body: {}, auth: true, fallback }),
    ).resolves.toEqual(FALLBACK);
    expect(
      await rejection(streamAnswerWithFallback('/x/stream', { body: {}, fallback })),
    ).toMatchObject({ status: 401 });
    stubFetch(() => json(429, { success: false, detail: 'Slow down', code: 'RATE_LIMITED' }));
    expect(
      await rejection(streamAnswerWithFallback('/x/stream', { body: {}, auth: true, fallback })),
    ).toMatchObject({ status: 429, message: 'Slow down' });

    const stream = eventStream();
    stubFetch(() => stream.response);
    const failed = streamAnswerWithFallback('/x/stream', { body: {}, fallback });
    stream.error('Model failed');
    expect(await rejection(failed)).toMatchObject({ message: 'Model failed' });
    expect(fallback).toHaveBeenCalledOnce();
  });

  it('does not fall back when the caller aborted', async () => {
    const controller = new AbortController();
    const fallback = vi.fn(() => Promise.resolve(FALLBACK));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('Aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const answer = streamAnswerWithFallback('/x/stream', {
      body: {},
      signal: controller.signal,
      fallback,
    });
    controller.abort();
    expect(await rejection(answer)).toBeInstanceOf(DOMException);
    expect(fallback).not.toHaveBeenCalled();
  });
});
