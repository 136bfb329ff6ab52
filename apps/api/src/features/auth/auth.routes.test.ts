import type * as Argon2 from '@node-rs/argon2';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_PASSWORD_REPLY } from '@app/contracts';
import { body, createTestApp, type TestApp } from '../../../test/app.ts';
import { registerTeacher, STRONG_PASSWORD, teacherInput } from '../../../test/factories.ts';
import { startFakeSmtp } from '../../../test/fakes/smtp.ts';

// counted, not replaced: a failed login verifies one real hash whether or not the account exists
const argon2Verify = vi.hoisted(() =>
  vi.fn<(hash: string, password: string) => Promise<boolean>>(),
);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  argon2Verify.mockImplementation((hash, password) => real.verify(hash, password));
  return { ...real, verify: argon2Verify };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let ipSeq = 0;
const freshIp = () => `192.0.2.${++ipSeq}`;
/** A sign-in from a new client address, so address limits stay out of the way. */
const login = (email: string, password: string) =>
  post('/api/auth/login', { email, password }, {}, freshIp());

/** The latest e-mail to `to`, once the e-mails started after their replies are sent. */
async function waitForEmail(to: string) {
  await t.app.drainMail();
  const row = await t.db
    .selectFrom('emails')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no e-mail to ${to}`);
  return row;
}
const resetTokenFrom = (text: string) =>
  decodeURIComponent(/reset_token=([^\s&"]+)/.exec(text)![1]!);

describe('POST /api/auth/register', () => {
  it('creates a teacher in incomplete_signup with tokens and an argon2id hash', async () => {
    const input = teacherInput();
    const res = await post('/api/auth/register', input, {}, freshIp());
    expect(res.statusCode).toBe(201);
    const { data } = body<{
      data: {
        user: Record<string, unknown>;
        tokens: { access_token: string; refresh_token: string };
      };
    }>(res);
    expect(data.user).toMatchObject({
      email: input.email,
      first_name: 'Ada',
      subscription_status: 'incomplete_signup',
      institution: 'State University',
    });
    expect(data.tokens.access_token).toMatch(/^ey/);
    expect(data.tokens.refresh_token.length).toBeGreaterThanOrEqual(43);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(input.password);
    expect((await profile(bearer(data.tokens.access_token))).statusCode).toBe(200);
  });

  it('rejects a taken e-mail in any letter case with 409', async () => {
    const { input } = await registerTeacher(t.app);
    const res = await post(
      '/api/auth/register',
      teacherInput({ email: input.email.toUpperCase() }),
      {},
      freshIp(),
    );
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({
      success: false,
      detail: 'An account with this email already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it.each([
    [
      'a 7-character password',
      { password: 'Abc1234' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'a 129-character password',
      { password: 'a'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['a blank first name', { first_name: '   ' }, 'first_name', 'First name is required'],
  ])('rejects %s with 422 naming the field', async (_name, overrides, field, msg) => {
    const res = await post('/api/auth/register', teacherInput(overrides), {}, freshIp());
    expect(res.statusCode).toBe(422);
    const b = body<{ detail: { loc: string[]; msg: string }[]; code: string }>(res);
    expect(b.code).toBe('VALIDATION_ERROR');
    expect(b.detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
  });

  it('rejects a common password with 422', async () => {
    const res = await post(
      '/api/auth/register',
      teacherInput({ password: 'Password123' }),
      {},
      freshIp(),
    );
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({
      code: 'WEAK_PASSWORD',
      detail: expect.stringContaining('too common'),
    });
  });

  it('rejects a body that is not JSON with 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('limits sign-ups per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await post('/api/auth/register', teacherInput(), {}, ip)).statusCode).toBe(201);
    const res = await post('/api/auth/register', teacherInput(), {}, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the e-mail in any case', async () => {
    const { input } = await registerTeacher(t.app);
    const res = await login(input.email.toUpperCase(), STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: { user: { email: string }; tokens: { access_token: string } } }>(
      res,
    );
    expect(data.user.email).toBe(input.email);
    expect((await profile(bearer(data.tokens.access_token))).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 after the same work', async () => {
    const { input } = await registerTeacher(t.app);
    const attempt = async (email: string) => {
      argon2Verify.mockClear();
      const res = await post(
        '/api/auth/login',
        { email, password: 'Wrong-Password-1' },
        {},
        freshIp(),
      );
      // the hash verified against carries its cost: both paths pay the same argon2id price
      const costs = argon2Verify.mock.calls.map(
        ([hash]) => /^\$argon2id\$v=\d+\$[^$]+/.exec(hash)?.[0],
      );
      return { status: res.statusCode, body: res.body, costs };
    };
    const wrong = await attempt(input.email);
    const unknown = await attempt('nobody@uni.test');
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(JSON.parse(r.body)).toEqual({
        success: false,
        detail: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
    }
    expect(wrong.costs).toHaveLength(1);
    expect(wrong.costs[0]).toMatch(/^\$argon2id\$/);
    expect(unknown.costs).toEqual(wrong.costs);
  });

  it('rejects a missing password with 422', async () => {
    const res = await post('/api/auth/login', { email: 'a@uni.test' });
    expect(res.statusCode).toBe(422);
  });

  it('stops an address after 5 attempts on an account, but not the owner at another address', async () => {
    const { input } = await registerTeacher(t.app);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(
            '/api/auth/login',
            { email: input.email, password: 'Wrong-Pass-1' },
            {},
            attacker,
          )
        ).statusCode,
      ).toBe(401);
    const res = await post(
      '/api/auth/login',
      { email: input.email, password: STRONG_PASSWORD },
      {},
      attacker,
    );
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(body(res)).toMatchObject({ code: 'RATE_LIMITED' });
    // the right password from anywhere else still signs the owner in
    expect((await login(input.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them: 30 at once, 5 reach the password', async () => {
    const { input } = await registerTeacher(t.app);
    const ip = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('/api/auth/login', { email: input.email, password: 'Wrong-Pass-1' }, {}, ip),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('an account under attack from many addresses stops them, while the owner still gets in', async () => {
    const { input } = await registerTeacher(t.app);
    const attackers = Array.from({ length: 50 }, freshIp);
    await Promise.all(
      attackers.map((ip) =>
        post('/api/auth/login', { email: input.email, password: 'Wrong-Pass-1' }, {}, ip),
      ),
    );
    const again = await post(
      '/api/auth/login',
      { email: input.email, password: 'Wrong-Pass-2' },
      {},
      attackers[0],
    );
    expect(again.statusCode).toBe(429);
    expect((await login(input.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('limits failures per client address across accounts, ignoring X-Forwarded-For without TRUST_PROXY', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await post(
        '/api/auth/login',
        { email: `stuffing${i}@uni.test`, password: 'Wrong-Pass-1' },
        { 'x-forwarded-for': `198.51.100.${i}` },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await post(
      '/api/auth/login',
      { email: 'stuffing-last@uni.test', password: 'Wrong-Pass-1' },
      { 'x-forwarded-for': '198.51.100.99' },
      ip,
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('client address behind a proxy', () => {
  it('uses X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      for (let i = 0; i < 20; i++) {
        await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `p${i}@uni.test`, password: 'Wrong-Pass-1' },
          headers: { 'x-forwarded-for': '203.0.113.5' },
        });
      }
      const sameClient = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'p@uni.test', password: 'Wrong-Pass-1' },
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      const otherClient = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'p@uni.test', password: 'Wrong-Pass-1' },
        headers: { 'x-forwarded-for': '203.0.113.6' },
      });
      expect(sameClient.statusCode).toBe(429);
      expect(otherClient.statusCode).toBe(401);
      // a client writing its own X-Forwarded-For entry in front of what the proxy added is still
      // counted as the address the proxy saw
      const spoofed = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'p@uni.test', password: 'Wrong-Pass-1' },
        headers: { 'x-forwarded-for': '198.51.100.99, 203.0.113.5' },
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('access tokens', () => {
  const secret = new TextEncoder().encode('test-secret-that-is-long-enough-0123456789');
  const sign = (
    claims: Record<string, unknown>,
    opts: {
      alg?: string;
      iss?: string;
      aud?: string;
      exp?: number | string;
      key?: Uint8Array;
    } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setIssuer(opts.iss ?? 'syllabot')
      .setAudience(opts.aud ?? 'syllabot-api')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '10m')
      .sign(opts.key ?? secret);

  it('needs a token: 401 without one', async () => {
    const res = await profile({});
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('rejects expired, forged, wrong-audience, wrong-issuer, wrong-type, other-algorithm and unsigned tokens', async () => {
    const { user, tokens } = await registerTeacher(t.app);
    const sid = JSON.parse(
      Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString(),
    ).sid;
    const good = { typ: 'access', sid, sub: user.id };
    expect((await profile(bearer(await sign(good)))).statusCode).toBe(200); // the helper itself makes valid tokens

    const expired = await profile(
      bearer(await sign(good, { exp: Math.floor(Date.now() / 1000) - 10 })),
    );
    expect(expired.statusCode).toBe(401);
    expect(body(expired).code).toBe('TOKEN_EXPIRED');
    const bad = [
      await sign(good, {
        key: new TextEncoder().encode('another-secret-another-secret-1234567890'),
      }),
      await sign(good, { aud: 'someone-else' }),
      await sign(good, { iss: 'someone-else' }),
      await sign({ ...good, typ: 'refresh' }),
      await sign(good, { alg: 'HS512' }),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...good, iss: 'syllabot', aud: 'syllabot-api', exp: 9999999999 })).toString('base64url')}.`,
      'not-a-token',
    ];
    for (const token of bad) {
      const res = await profile(bearer(token));
      expect(res.statusCode, token).toBe(401);
      expect(body(res).code).toBe('TOKEN_INVALID');
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token; the old one stops working', async () => {
    const { tokens } = await registerTeacher(t.app);
    const res = await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(res.statusCode).toBe(200);
    const next = body<{ data: { tokens: { access_token: string; refresh_token: string } } }>(res)
      .data.tokens;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await profile(bearer(next.access_token))).statusCode).toBe(200);
    const again = await post('/api/auth/refresh', { refresh_token: next.refresh_token });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const { tokens } = await registerTeacher(t.app);
    const next = body<{ data: { tokens: { access_token: string; refresh_token: string } } }>(
      await post('/api/auth/refresh', { refresh_token: tokens.refresh_token }),
    ).data.tokens;
    const replay = await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(replay.statusCode).toBe(401);
    // the thief's replay ended the session: the legitimate newer tokens are dead too
    expect(
      (await post('/api/auth/refresh', { refresh_token: next.refresh_token })).statusCode,
    ).toBe(401);
    expect((await profile(bearer(next.access_token))).statusCode).toBe(401);
  });

  it('keeps other sessions alive when one family is revoked', async () => {
    const { tokens, input } = await registerTeacher(t.app);
    const other = body<{ data: { tokens: { access_token: string } } }>(
      await login(input.email, STRONG_PASSWORD),
    ).data.tokens;
    await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    expect((await profile(bearer(other.access_token))).statusCode).toBe(200);
  });

  it('rejects an unknown token with 401 and a missing one with 422', async () => {
    expect((await post('/api/auth/refresh', { refresh_token: 'x'.repeat(43) })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(422);
  });

  it('rejects an expired refresh token', async () => {
    const { tokens } = await registerTeacher(t.app);
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expect(
      (await post('/api/auth/refresh', { refresh_token: tokens.refresh_token })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('needs a token', async () => {
    expect((await post('/api/auth/logout')).statusCode).toBe(401);
  });

  it('revokes the session: its refresh and access tokens stop working', async () => {
    const { tokens, auth } = await registerTeacher(t.app);
    expect((await post('/api/auth/logout', undefined, auth)).statusCode).toBe(200);
    expect((await profile(auth)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh', { refresh_token: tokens.refresh_token })).statusCode,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown e-mails and e-mails only the known one, with PUBLIC_URL links', async () => {
    const { input } = await registerTeacher(t.app);
    const known = await post(
      '/api/auth/reset-password',
      { email: input.email },
      { host: 'evil.example' },
      freshIp(),
    );
    const unknown = await post(
      '/api/auth/reset-password',
      { email: 'ghost@uni.test' },
      {},
      freshIp(),
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(body(known)).toEqual({ success: true, message: RESET_PASSWORD_REPLY });
    const mail = await waitForEmail(input.email);
    expect(mail.transport).toBe('outbox');
    expect(mail.text_body).toMatch(/^http:\/\/app\.test\/\?reset_token=/m);
    expect(mail.text_body).not.toContain('evil.example');
    await t.app.drainMail();
    const ghost = await t.db
      .selectFrom('emails')
      .select('id')
      .where('to_address', '=', 'ghost@uni.test')
      .execute();
    expect(ghost).toHaveLength(0);
  });

  it('rejects an invalid e-mail with 422', async () => {
    expect((await post('/api/auth/reset-password', { email: 'nope' })).statusCode).toBe(422);
  });

  it('sets a new password once with the link, ending every session; the link cannot be reused', async () => {
    const { input, auth, tokens } = await registerTeacher(t.app);
    await post('/api/auth/reset-password', { email: input.email }, {}, freshIp());
    const token = resetTokenFrom((await waitForEmail(input.email)).text_body);

    const res = await post(
      '/api/auth/update-password',
      { password: 'Brand-New-Pass-77' },
      bearer(token),
    );
    expect(res.statusCode).toBe(200);
    expect((await profile(auth)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh', { refresh_token: tokens.refresh_token })).statusCode,
    ).toBe(401);
    expect((await login(input.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(input.email, 'Brand-New-Pass-77')).statusCode).toBe(200);

    const reuse = await post(
      '/api/auth/update-password',
      { password: 'Another-New-Pass-88' },
      bearer(token),
    );
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).detail).toMatch(/invalid or has expired/);
  });

  it('refuses a link older than one hour', async () => {
    const { input } = await registerTeacher(t.app);
    await post('/api/auth/reset-password', { email: input.email }, {}, freshIp());
    const token = resetTokenFrom((await waitForEmail(input.email)).text_body);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(
      (await post('/api/auth/update-password', { password: 'Brand-New-Pass-77' }, bearer(token)))
        .statusCode,
    ).toBe(401);
  });

  it('sends the link through SMTP when SMTP_URL is set', async () => {
    const smtp = await startFakeSmtp();
    const withSmtp = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Syllabot <hello@syllabot.test>',
    });
    try {
      const reg = await withSmtp.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: teacherInput(),
      });
      const email = (reg.json() as { data: { user: { email: string } } }).data.user.email;
      await withSmtp.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email },
      });
      await withSmtp.app.drainMail();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.to).toEqual([email]);
      expect(smtp.messages[0]!.from).toBe('hello@syllabot.test');
      expect(smtp.messages[0]!.raw).toContain('Subject: Reset your Syllabot password');
      expect(smtp.messages[0]!.raw).toMatch(/http:\/\/app\.test\/\?reset_token=/);
      const row = await withSmtp.db
        .selectFrom('emails')
        .select(['transport', 'sent_at', 'text_body', 'html_body'])
        .executeTakeFirst();
      expect(row?.sent_at).toBeInstanceOf(Date);
      expect(row?.transport).toBe('smtp');
      // delivered: the stored copy holds no usable link
      expect(row?.text_body).not.toContain('reset_token=');
      expect(row?.html_body).not.toContain('reset_token=');
      expect(row?.text_body).toContain('[removed]');
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});

describe('POST /api/auth/update-password (signed in)', () => {
  it('needs a token and a valid password', async () => {
    expect(
      (await post('/api/auth/update-password', { password: 'Brand-New-Pass-77' })).statusCode,
    ).toBe(401);
    const { auth } = await registerTeacher(t.app);
    expect((await post('/api/auth/update-password', { password: 'short' }, auth)).statusCode).toBe(
      422,
    );
    expect(
      (await post('/api/auth/update-password', { password: 'iloveyou' }, auth)).statusCode,
    ).toBe(422);
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const { input, auth } = await registerTeacher(t.app);
    const other = body<{ data: { tokens: { access_token: string; refresh_token: string } } }>(
      await login(input.email, STRONG_PASSWORD),
    ).data.tokens;
    expect(
      (
        await post(
          '/api/auth/update-password',
          { password: 'Brand-New-Pass-77', current_password: STRONG_PASSWORD },
          auth,
        )
      ).statusCode,
    ).toBe(200);
    expect((await profile(auth)).statusCode).toBe(200);
    expect((await profile(bearer(other.access_token))).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh', { refresh_token: other.refresh_token })).statusCode,
    ).toBe(401);
    expect((await login(input.email, 'Brand-New-Pass-77')).statusCode).toBe(200);
  });
});

describe('/api/auth/profile', () => {
  it('returns the signed-in teacher', async () => {
    const { auth, user } = await registerTeacher(t.app);
    const res = await profile(auth);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: true, data: { user: { ...user, pending_email: null } } });
  });

  it('updates the profile (a new e-mail pending its confirmation), and refuses a taken e-mail with 409', async () => {
    const a = await registerTeacher(t.app);
    const b = await registerTeacher(t.app);
    const update = {
      email: `new-${a.input.email}`,
      first_name: 'Grace',
      last_name: 'Hopper',
      institution: 'Navy College',
      current_password: STRONG_PASSWORD,
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: a.auth,
      payload: update,
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { user: object } }>(res).data.user).toMatchObject({
      email: a.input.email,
      pending_email: update.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      institution: 'Navy College',
    });

    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: a.auth,
      payload: { ...update, email: b.input.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).detail).toBe('An account with this email already exists');
  });

  it('validates the update and needs a token', async () => {
    const { auth } = await registerTeacher(t.app);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: auth,
      payload: { email: 'x', first_name: '', last_name: 'L' },
    });
    expect(invalid.statusCode).toBe(422);
    const unauth = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { email: 'a@b.co', first_name: 'A', last_name: 'B' },
    });
    expect(unauth.statusCode).toBe(401);
  });
});
