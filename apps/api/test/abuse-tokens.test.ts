/**
 * Access tokens validly signed with the server's secret whose claims are odd: a sid or
 * sub that is not a UUID (it answered 500, the database's uuid cast failing), missing claims,
 * claims of the wrong type, huge values. Every one is a 401 in the error shape, like any bad
 * token, whether sent alone or all at once.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, memoryLogger } from './abuse.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createClass, subscribedTeacher } from './factories.ts';

let t: TestApp;
let log: ReturnType<typeof memoryLogger>;
let auth: Record<string, string>;
let classId: string;
let userId: string;
let sessionId: string;

beforeAll(async () => {
  log = memoryLogger();
  t = await createTestApp({}, { logger: log.logger });
  const teacher = await subscribedTeacher(t.app);
  auth = teacher.auth;
  userId = teacher.user.id;
  sessionId = JSON.parse(
    Buffer.from(teacher.tokens.access_token.split('.')[1]!, 'base64url').toString(),
  ).sid;
  classId = (await createClass(t.app, auth)).id;
}, 60_000);
afterAll(async () => t.close());

describe('access tokens with odd claims', () => {
  const secret = new TextEncoder().encode('test-secret-that-is-long-enough-0123456789');
  const sign = (claims: Record<string, unknown>, exp: number | string = '10m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('syllabot')
      .setAudience('syllabot-api')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(secret);
  const oddClaims = (): [string, Record<string, unknown>][] => [
    ['a sid that is not a UUID', { typ: 'access', sid: 'not-a-uuid', sub: userId }],
    ['a sub that is not a UUID', { typ: 'access', sid: sessionId, sub: 'not-a-uuid' }],
    ['neither a UUID', { typ: 'access', sid: "1' OR '1'='1", sub: '../../etc' }],
    ['a NUL in the sid', { typ: 'access', sid: `${sessionId}\u0000`, sub: userId }],
    ['no sid', { typ: 'access', sub: userId }],
    ['no sub', { typ: 'access', sid: sessionId }],
    ['no typ', { sid: sessionId, sub: userId }],
    ['a refresh typ', { typ: 'refresh', sid: sessionId, sub: userId }],
    ['a numeric sid', { typ: 'access', sid: 12345, sub: userId }],
    ['a numeric sub', { typ: 'access', sid: sessionId, sub: 12345 }],
    ['an array sid', { typ: 'access', sid: [sessionId], sub: userId }],
    ['an object sub', { typ: 'access', sid: sessionId, sub: { id: userId } }],
    ['a null sid', { typ: 'access', sid: null, sub: userId }],
    ['an empty sub', { typ: 'access', sid: sessionId, sub: '' }],
    ['a 10,000-character sid', { typ: 'access', sid: 'a'.repeat(10_000), sub: userId }],
    ['a 10,000-character sub', { typ: 'access', sid: sessionId, sub: 'b'.repeat(10_000) }],
    [
      'an upper-case UUID of no session',
      { typ: 'access', sid: sessionId.toUpperCase().replace(/^.{8}/, 'FFFFFFFF'), sub: userId },
    ],
    ['the sid and sub swapped', { typ: 'access', sid: userId, sub: sessionId }],
    ['a huge expiry and an odd sid', { typ: 'access', sid: 'x'.repeat(200), sub: userId }],
  ];

  it('are refused with 401 in the error shape, one at a time and all at once', async () => {
    const cases = await Promise.all(
      oddClaims().map(async ([what, claims]) => {
        const exp = what.startsWith('a huge expiry') ? Number.MAX_SAFE_INTEGER : '10m';
        return [what, await sign(claims, exp)] as const;
      }),
    );
    const call = (token: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (const [what, token] of cases) {
      for (const url of ['/api/auth/profile', '/api/classes', `/api/classes/${classId}`]) {
        const reply = await call(token, url);
        expectErrorShape(reply, `${what} on ${url}`);
        expect(reply.statusCode, `${what} on ${url}`).toBe(401);
      }
    }
    const together = await Promise.all(cases.map(([, token]) => call(token, '/api/auth/profile')));
    expect(together.map((r) => r.statusCode)).toEqual(cases.map(() => 401));
    // the teacher's own token still works beside them
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: auth })).statusCode,
    ).toBe(200);
    expect(log.errors()).toEqual([]);
  });
});
