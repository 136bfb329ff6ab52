import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createClass, subscribedTeacher } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { TRIAL_OWNER_ID } from '../features/trial/trial.repository.ts';

/**
 * Uploads cut short, over a real socket: a real multipart body (the fields,
 * then the file, as the README documents; or the file first) is sent cut at every byte around
 * each boundary and at a sample of bytes inside the parts, with a Content-Length that is true for
 * the cut body or one that lies (the full length, the client then stops sending). Every reply is a
 * 4xx in the error shape, never a 500, and nothing of the upload is left in the database.
 */

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

type Reply = { status: number; body: unknown; raw: string };

/**
 * Sends `head` and `body` on a new connection. `mode`: 'exact' keeps the connection open for the
 * reply; 'half-close' ends the sending side after the body (a client that stopped sending);
 * 'hang-up' destroys the connection right after (no reply can arrive).
 */
function send(
  head: string,
  body: Buffer,
  mode: 'exact' | 'half-close' | 'hang-up',
): Promise<Reply | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no reply within 10 s (${mode})`));
    }, 10_000);
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      if (mode === 'hang-up') return resolve(null);
      const raw = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      resolve({ status, body: parsed, raw: raw.slice(0, 300) });
    });
    socket.write(head);
    socket.write(body, () => {
      if (mode === 'half-close') socket.end();
      if (mode === 'hang-up') setTimeout(() => socket.destroy(), 20);
    });
  });
}

/** The offsets at which to cut `payload`: every byte around each boundary, a sample inside. */
function cutPoints(payload: Buffer, boundary: string): number[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const cuts = new Set<number>([0, 1]);
  const around = (from: number, to: number) => {
    for (let i = Math.max(0, from); i <= to; i++) cuts.add(i);
  };
  // each delimiter with the CRLF before it and the CRLF (or the closing "--") after it
  for (let at = payload.indexOf(delimiter); at !== -1; at = payload.indexOf(delimiter, at + 1))
    around(at - 3, at + delimiter.length + 4);
  // the end of each part's headers
  const headersEnd = Buffer.from('\r\n\r\n');
  for (let at = payload.indexOf(headersEnd); at !== -1; at = payload.indexOf(headersEnd, at + 1))
    around(at - 2, at + headersEnd.length + 2);
  // a sample inside the parts, the file's data included
  for (let i = 0; i < payload.length; i += Math.ceil(payload.length / 40)) cuts.add(i);
  // a body is whole once its closing delimiter is in (the CRLF after it is optional): cut before
  const whole = payload.lastIndexOf(delimiter) + delimiter.length + 2;
  return [...cuts].filter((cut) => cut < whole).sort((a, b) => a - b);
}

const boundaryOf = (contentType: string) => /boundary=(.+)$/.exec(contentType)![1]!;

function expectErrorShape(reply: Reply | null, what: string) {
  expect(reply, what).not.toBeNull();
  const { status, body, raw } = reply!;
  expect(status >= 400 && status < 500, `${what}: ${raw}`).toBe(true);
  expect(body, `${what}: ${raw}`).toMatchObject({
    success: false,
    code: expect.any(String),
    detail: expect.anything(),
  });
}

/** Sends `payload` cut at every point, in every mode, checking each reply. */
async function sendCut(
  url: string,
  headers: Record<string, string>,
  payload: Buffer,
  boundary: string,
) {
  const cuts = cutPoints(payload, boundary);
  expect(cuts.length).toBeGreaterThan(60);
  const headOf = (length: number) =>
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    `Content-Length: ${length}\r\nConnection: close\r\n\r\n`;
  const statuses = new Map<number, number>();
  for (const cut of cuts) {
    const body = payload.subarray(0, cut);
    const exact = await send(headOf(cut), body, 'exact');
    expectErrorShape(exact, `cut at ${cut} of ${payload.length}, Content-Length ${cut}`);
    const lying = await send(headOf(payload.length), body, 'half-close');
    expectErrorShape(lying, `cut at ${cut} of ${payload.length}, Content-Length lies`);
    for (const r of [exact, lying]) statuses.set(r!.status, (statuses.get(r!.status) ?? 0) + 1);
  }
  // a client that hangs up mid-body gets no reply; what it sent must not stay either
  for (const cut of cuts.filter((_, i) => i % 5 === 0))
    await send(headOf(payload.length), payload.subarray(0, cut), 'hang-up');
  return statuses;
}

/** Stored bytes of no item (a request that did not finish) and their parts. */
async function strayUploads() {
  const uploads = await t.db
    .selectFrom('uploads')
    .select('id')
    .where('content_id', 'is', null)
    .execute();
  const parts = await t.db
    .selectFrom('upload_parts as p')
    .innerJoin('uploads as u', 'u.id', 'p.upload_id')
    .select('p.seq')
    .where('u.content_id', 'is', null)
    .execute();
  return { uploads: uploads.length, parts: parts.length };
}

/** Waits for what hung-up requests were still doing (their handlers finish on their own). */
async function settled<T>(read: () => Promise<T>, expected: T) {
  const deadline = Date.now() + 10_000;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

// a file of a few parts' worth of text, so cuts land inside it as well as at its edges
const notes = Buffer.from(
  'Week 1: cells and membranes. Office hours are on Tuesday at 2 pm in room 12.\n'.repeat(40),
);

describe('POST /api/content/upload cut short', () => {
  it.each([
    ['fields, then the file', 'fields-first'],
    ['the file first', 'file-first'],
  ] as const)(
    '%s: every cut answers a 4xx in the error shape and stores nothing',
    async (_, order) => {
      const teacher = await subscribedTeacher(t.app);
      const cls = await createClass(t.app, teacher.auth);
      const fields = { class_id: cls.id, content_type: 'additional', title: 'Notes' };
      const file = { name: 'notes.txt', data: notes, type: 'text/plain' };
      const { payload, headers } = multipartBody(fields, file, {
        fileFirst: order === 'file-first',
      });
      const boundary = boundaryOf(headers['content-type']);

      // the whole body is an upload like any other
      const whole = await t.app.inject({
        method: 'POST',
        url: '/api/content/upload',
        headers: { ...teacher.auth, ...headers },
        payload,
      });
      expect(whole.statusCode, whole.body).toBeLessThan(300);
      const wholeId = (whole.json() as { data: { content: { id: string } } }).data.content.id;
      await t.db.deleteFrom('contents').where('id', '=', wholeId).execute();

      const statuses = await sendCut(
        '/api/content/upload',
        { authorization: teacher.auth.authorization, 'content-type': headers['content-type'] },
        payload,
        boundary,
      );
      // cut bodies are refused as unreadable (400), or as missing their fields (422)
      expect(
        [...statuses.keys()].every((s) => s === 400 || s === 422),
        [...statuses].join(),
      ).toBe(true);
      expect(statuses.get(400)).toBeGreaterThan(0);

      const items = () =>
        t.db
          .selectFrom('contents')
          .select('id')
          .where('class_id', '=', cls.id)
          .execute()
          .then((rows) => rows.length);
      expect(await settled(items, 0)).toBe(0);
      expect(await settled(strayUploads, { uploads: 0, parts: 0 })).toEqual({
        uploads: 0,
        parts: 0,
      });
    },
  );
});

describe('POST /api/trial/upload cut short', () => {
  it('every cut answers a 4xx in the error shape and the session keeps no document', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/trial/session' });
    const sessionId = (started.json() as { data: { session_id: string } }).data.session_id;
    const { payload, headers } = multipartBody(
      { session_id: sessionId },
      { name: 'notes.txt', data: notes, type: 'text/plain' },
    );
    const statuses = await sendCut(
      '/api/trial/upload',
      { 'content-type': headers['content-type'] },
      payload,
      boundaryOf(headers['content-type']),
    );
    expect(statuses.get(400)).toBeGreaterThan(0);
    const session = await t.app.inject({ method: 'GET', url: `/api/trial/session/${sessionId}` });
    expect((session.json() as { data: { document: unknown } }).data.document).toBeNull();
    const trialItems = () =>
      t.db
        .selectFrom('contents as ct')
        .innerJoin('classes as c', 'c.id', 'ct.class_id')
        .select('ct.id')
        .where('c.teacher_id', '=', TRIAL_OWNER_ID)
        .execute()
        .then((rows) => rows.length);
    expect(await settled(trialItems, 0)).toBe(0);

    // the same session takes the whole body afterwards
    const whole = await t.app.inject({
      method: 'POST',
      url: '/api/trial/upload',
      headers,
      payload,
    });
    expect(whole.statusCode, whole.body).toBe(201);
  });
});
