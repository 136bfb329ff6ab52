import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/app.ts';
import { createClass, subscribedTeacher } from '../../test/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH, NUL_MESSAGE, nulAt } from './bad-input.ts';
import { MALFORMED_MULTIPART } from './upload.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('bad input is a 4xx in the error shape', () => {
  it('a NUL character in a JSON field, a query or a path is a 422 naming where it is', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'nul@example.com',
        password: 'Password-123456',
        first_name: 'A\u0000',
        last_name: 'B',
      },
    });
    expect(register.statusCode).toBe(422);
    expect(body(register)).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      detail: [{ loc: ['body', 'first_name'], msg: NUL_MESSAGE, type: 'nul_character' }],
    });
    const teacher = await subscribedTeacher(t.app);
    const cls = await createClass(t.app, teacher.auth);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${cls.id}?search=a%00b`,
      headers: teacher.auth,
    });
    expect(search.statusCode).toBe(422);
    expect(body(search)).toMatchObject({ code: 'VALIDATION_ERROR' });
    const ask = await t.app.inject({
      method: 'POST',
      url: `/api/chat/ask/${cls.chat_uuid}`,
      payload: { question: 'when\u0000is the exam', student_identifier: null },
    });
    expect(ask.statusCode).toBe(422);
  });

  it('a NUL character in a multipart field is a 422, and nothing is stored', async () => {
    const teacher = await subscribedTeacher(t.app);
    const cls = await createClass(t.app, teacher.auth);
    const form = multipartBody(
      { class_id: cls.id, content_type: 'additional', title: 'Notes\u0000' },
      { name: 'notes.txt', data: Buffer.from('Office hours are on Monday.'), type: 'text/plain' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content/upload',
      headers: { ...teacher.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const { count } = await t.db
      .selectFrom('contents')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('class_id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'abc'],
    [
      'cut short',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="class_id"\r\n\r\nabc',
    ],
    ['that is not multipart', 'multipart/form-data; boundary=XYZ', 'not multipart at all'],
  ])('an upload %s is a 400 for teachers and visitors alike', async (_what, type, payload) => {
    const teacher = await subscribedTeacher(t.app);
    for (const url of ['/api/content/upload', '/api/trial/upload']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...teacher.auth, 'content-type': type },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(body(res)).toEqual({
        success: false,
        detail: MALFORMED_MULTIPART,
        code: 'BAD_REQUEST',
      });
    }
  });

  it("answers Fastify's own URL errors in the error shape", async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/classes/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(body(badUrl)).toEqual({
      success: false,
      detail: 'The address is not a valid URL',
      code: 'BAD_REQUEST',
    });
    const longId = await t.app.inject({ method: 'GET', url: `/api/classes/${'a'.repeat(300)}` });
    expect(longId.statusCode).toBe(414);
    // its own code (one code, one status: DESIGN §4): BAD_REQUEST is always a 400
    expect(body(longId)).toMatchObject({ success: false, code: 'URI_TOO_LONG' });
  });
});

describe('the NUL check and the depth check, without recursion', () => {
  /** `depth` arrays inside each other, built without recursion, `leaf` in the innermost. */
  const nested = (depth: number, leaf: unknown) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  it('finds a NUL at any depth, or none, without growing the call stack', () => {
    expect(nulAt(nested(200_000, 'fine'), 'body')).toBeNull();
    const found = nulAt(nested(200_000, 'a\u0000b'), 'body');
    expect(found).toHaveLength(200_001);
    expect(found!.slice(0, 3)).toEqual(['body', 0, 0]);
  });

  it('names the first NUL in the order of the document, in a value or a key', () => {
    expect(nulAt({ a: ['x', { b: 'y\u0000' }], c: '\u0000' }, 'body')).toEqual([
      'body',
      'a',
      1,
      'b',
    ]);
    expect(nulAt({ ok: 'x', ['k\u0000']: 1 }, 'query')).toEqual(['query', 'k\u0000']);
  });

  it('finds a NUL in raw bytes (a body a route keeps as a Buffer) and in a string', () => {
    const bytes = Buffer.alloc(1024 * 1024, 0x61);
    expect(nulAt(bytes, 'body')).toBeNull();
    bytes[bytes.length - 1] = 0;
    expect(nulAt(bytes, 'body')).toEqual(['body']);
    expect(nulAt('text\u0000', 'body')).toEqual(['body']);
  });

  it(`measures nesting in one pass, strings being text (limit ${MAX_JSON_DEPTH})`, () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(deep(1_000_000), MAX_JSON_DEPTH)).toBe(true);
    // siblings do not add up, brackets in strings and escaped quotes are text
    expect(jsonNestsDeeperThan(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`["[[[[", "\\"[[[[", {"a{{{{": "\\\\"}]`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\", [[[]]]]`, 3)).toBe(true);
  });
});
