import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createClass, subscribedTeacher } from '../test/factories.ts';

/**
 * Every route of the OpenAPI document, sent malformed input (bad path parameters, NUL characters,
 * wrong types, over-long text, broken JSON, nonsense queries), signed in and not: no reply may be
 * a 5xx, and every error must be in the API's error shape.
 */
let t: TestApp;
let routes: { method: string; path: string }[];
let auth: Record<string, string>;
let classId: string;
let chatUuid: string;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  // the routes that end the teacher's session go last, or every later signed-in case is a 401
  const endsSession = (path: string) => /\/auth\/(logout|update-password)$/.test(path);
  routes = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
    )
    .sort((a, b) => Number(endsSession(a.path)) - Number(endsSession(b.path)));
  const teacher = await subscribedTeacher(t.app);
  auth = teacher.auth;
  const cls = await createClass(t.app, auth);
  classId = cls.id;
  chatUuid = cls.chat_uuid;
}, 60_000);
afterAll(async () => t.close());

const NUL = 'a\u0000b';
/** Values for a path parameter: well-formed and not. */
const PARAMS = [
  () => classId,
  () => chatUuid,
  () => randomUUID(),
  () => 'x'.repeat(300),
  () => 'a%00b',
  () => '%zz',
  () => '..%2F..%2Fetc%2Fpasswd',
  () => "1'%20OR%20'1'='1",
  () => '-1',
];
const BODIES: (string | undefined)[] = [
  undefined,
  '{}',
  '[]',
  '"text"',
  'null',
  '{"broken": ',
  JSON.stringify({
    class_id: NUL,
    title: NUL,
    content: NUL,
    question: NUL,
    email: `${NUL}@uni.test`,
    password: NUL,
    first_name: NUL,
    class_name: NUL,
    message: NUL,
    answer: NUL,
    value: NUL,
    reason: NUL,
    student_identifier: NUL,
    conversation_ids: [NUL],
  }),
  // wrong types and over-long text
  JSON.stringify({ class_id: 12345, title: 'x'.repeat(100_000), class_count: 'many', page: -1 }),
];
/** The body with a NUL character in every field a route may read. */
const WORST_BODY = BODIES[6];
const QUERY =
  '?page=-1&per_page=abc&search=a%00b&days=x&tz=Mars%2FPhobos&status=zzz&class_id=%00&limit=-5&class_count=0';

const withParams = (path: string, value: () => string) => path.replace(/\{[^}]+\}/g, () => value());

type Reply = { statusCode: number; headers: Record<string, unknown>; body: string };

function check(reply: Reply, what: string) {
  expect(
    reply.statusCode,
    `${what} → ${reply.statusCode} ${reply.body.slice(0, 200)}`,
  ).toBeLessThan(500);
  if (reply.statusCode < 400) return;
  const type = String(reply.headers['content-type'] ?? '');
  expect(type, what).toContain('application/json');
  const body = JSON.parse(reply.body) as { success?: unknown; code?: unknown; detail?: unknown };
  expect(body.success, what).toBe(false);
  expect(typeof body.code, what).toBe('string');
  expect(typeof body.detail === 'string' || Array.isArray(body.detail), what).toBe(true);
}

describe('fuzzing every route', () => {
  it('never answers 5xx, and every error is in the error shape', async () => {
    const statuses = new Map<number, number>();
    let ip = 0;
    for (const { method, path } of routes) {
      const variants = path.includes('{') ? PARAMS : [() => ''];
      const bodyless = method === 'GET' || method === 'DELETE';
      for (const headers of [{}, auth]) {
        // every parameter variant with the worst body, every body with a real id, and the
        // nonsense query on its own (a bad query is refused before anything else is read)
        const cases: [() => string, string | undefined, string][] = [
          ...variants.map((v): [() => string, string | undefined, string] => [v, WORST_BODY, '']),
          ...BODIES.map((b): [() => string, string | undefined, string] => [variants[0]!, b, '']),
          [variants[0]!, undefined, QUERY],
        ];
        for (const [param, payload, query] of cases) {
          const url = withParams(path, param) + query;
          const sendBody = !bodyless && payload !== undefined;
          const reply = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...(sendBody ? { 'content-type': 'application/json' } : {}) },
            ...(sendBody ? { payload } : {}),
            // a fresh address each time: per-address limits would otherwise answer for the route
            remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`,
          });
          check(reply, `${method} ${url.slice(0, 120)} body ${String(payload).slice(0, 40)}`);
          statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
        }
      }
    }
    console.log('HIST', JSON.stringify([...statuses]));
    // the input reached the handlers, not only the validators
    for (const status of [200, 404, 422])
      expect(statuses.get(status) ?? 0, `${status}`).toBeGreaterThan(0);
  }, 300_000);
});
