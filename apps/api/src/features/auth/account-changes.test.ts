import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerTeacher, STRONG_PASSWORD } from '../../../test/factories.ts';

/**
 * A stolen access token must not take the account over. Signed in, changing the
 * password or the e-mail needs the current password; a new address takes effect once confirmed
 * from a link sent to it; the address on file is told of each change, with a "this wasn't me"
 * link that ends every session.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Teacher = Awaited<ReturnType<typeof registerTeacher>>;

let ipSeq = 0;
const freshIp = () => `198.18.0.${++ipSeq}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload?: object, headers: Record<string, string> = {}, ip?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip ?? freshIp() });
const putProfile = (headers: Record<string, string>, payload: object, ip?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers,
    payload,
    remoteAddress: ip ?? freshIp(),
  });
const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
const login = (email: string, password: string, ip?: string) =>
  post('/api/auth/login', { email, password }, {}, ip);
const refresh = (refresh_token: string) => post('/api/auth/refresh', { refresh_token });

/** The e-mails sent to `to`, oldest first, once those started after their replies are out. */
async function mailTo(to: string) {
  await t.app.drainMail();
  return t.db
    .selectFrom('emails')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}
async function lastMail(to: string, subject: RegExp) {
  const found = (await mailTo(to)).filter((m) => subject.test(m.subject));
  if (!found.length) throw new Error(`no e-mail "${subject.source}" to ${to}`);
  return found.at(-1)!;
}
const tokenIn = (text: string, param: string) => {
  const m = new RegExp(`[?&]${param}=([^\\s&"]+)`).exec(text);
  if (!m) throw new Error(`no ${param} link in: ${text}`);
  return decodeURIComponent(m[1]!);
};
const profileOf = (who: Teacher, overrides: Record<string, unknown> = {}) => ({
  email: who.input.email,
  first_name: who.input.first_name,
  last_name: who.input.last_name,
  institution: who.input.institution,
  current_password: STRONG_PASSWORD,
  ...overrides,
});
const newAddress = (who: Teacher) => `new-${who.input.email}`;

/** Asks to move `who` to a new address; answers the confirm and the "not me" tokens. */
async function requestEmailChange(who: Teacher, to = newAddress(who)) {
  const res = await putProfile(who.auth, profileOf(who, { email: to }));
  expect(res.statusCode, res.body).toBe(200);
  const confirm = await lastMail(to, /Confirm/);
  const notice = await lastMail(who.input.email, /change .*requested/i);
  return {
    res,
    confirmToken: tokenIn(confirm.text_body, 'confirm_email_token'),
    notMeToken: tokenIn(notice.text_body, 'not_me_token'),
  };
}

describe('PUT /api/auth/profile needs the current password', () => {
  it('without it: 422 naming current_password, and nothing changes', async () => {
    const a = await registerTeacher(t.app);
    const { current_password: _omit, ...noPassword } = profileOf(a, {
      email: newAddress(a),
      first_name: 'Mallory',
    });
    const res = await putProfile(a.auth, noPassword);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      detail: [
        expect.objectContaining({
          loc: ['body', 'current_password'],
          msg: ACCOUNT_MESSAGES.currentPasswordRequired,
        }),
      ],
    });
    const after = (await profile(a.auth)).json().data.user;
    expect(after).toMatchObject({ email: a.input.email, first_name: a.input.first_name });
    expect(await mailTo(newAddress(a))).toEqual([]);
  });

  it('with a wrong one: 403 with a clear message, and nothing changes', async () => {
    const a = await registerTeacher(t.app);
    const res = await putProfile(
      a.auth,
      profileOf(a, {
        email: newAddress(a),
        first_name: 'Mallory',
        current_password: 'Not-The-Password-1',
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'WRONG_PASSWORD',
      detail: ACCOUNT_MESSAGES.wrongPassword,
    });
    expect((await profile(a.auth)).json().data.user).toMatchObject({
      email: a.input.email,
      first_name: a.input.first_name,
    });
    expect(await mailTo(newAddress(a))).toEqual([]);
  });

  it('wrong guesses count toward the sign-in limits: 5 per account and address, then 429 for both', async () => {
    const a = await registerTeacher(t.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await putProfile(
        a.auth,
        profileOf(a, { current_password: `Wrong-Guess-${i}` }),
        ip,
      );
      expect(res.statusCode).toBe(403);
    }
    const limited = await putProfile(a.auth, profileOf(a), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // the same counters as signing in: that address cannot sign in to the account either
    expect((await login(a.input.email, STRONG_PASSWORD, ip)).statusCode).toBe(429);
    // so does the password form
    const pw = await post(
      '/api/auth/update-password',
      { password: 'Brand-New-Pass-77', current_password: 'Wrong-Guess-9' },
      a.auth,
      ip,
    );
    expect(pw.statusCode).toBe(429);
    // and 30 guesses at once reach the password at most 5 times
    const b = await registerTeacher(t.app);
    const ip2 = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        putProfile(b.auth, profileOf(b, { current_password: `Wrong-Guess-${i}` }), ip2),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('with the right one, names and institution change at once (no e-mail when the address stays)', async () => {
    const a = await registerTeacher(t.app);
    const res = await putProfile(
      a.auth,
      profileOf(a, { first_name: 'Grace', institution: 'Navy College' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({
      email: a.input.email,
      first_name: 'Grace',
      institution: 'Navy College',
      pending_email: null,
    });
    expect(await mailTo(a.input.email)).toEqual([]);
  });
});

describe('a new e-mail address takes effect once confirmed from a link sent to it', () => {
  it('stays pending until confirmed: old address kept, new one shown as pending, old one told', async () => {
    const a = await registerTeacher(t.app);
    const to = newAddress(a);
    const res = await putProfile(a.auth, profileOf(a, { email: to, first_name: 'Grace' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({
      email: a.input.email,
      pending_email: to,
      first_name: 'Grace',
    });
    expect((await profile(a.auth)).json().data.user).toMatchObject({
      email: a.input.email,
      pending_email: to,
    });
    // the account still signs in with the old address only
    expect((await login(a.input.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(to, STRONG_PASSWORD)).statusCode).toBe(401);

    const confirm = await lastMail(to, /Confirm/);
    expect(confirm.text_body).toMatch(/^http:\/\/app\.test\/\?confirm_email_token=/m);
    const notice = await lastMail(a.input.email, /change .*requested/i);
    expect(notice.text_body).toContain(to);
    expect(notice.text_body).toMatch(/^http:\/\/app\.test\/\?not_me_token=/m);
    // the old address never receives the confirm link
    expect(notice.text_body).not.toContain('confirm_email_token');
    // the token is stored hashed
    const token = tokenIn(confirm.text_body, 'confirm_email_token');
    const stored = await t.db.selectFrom('email_changes').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('the link changes the address once; the old address is told; a second use is refused', async () => {
    const a = await registerTeacher(t.app);
    const to = newAddress(a);
    const { confirmToken } = await requestEmailChange(a);
    const res = await post('/api/auth/confirm-email', { token: confirmToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { email: to } });
    expect((await profile(a.auth)).json().data.user).toMatchObject({
      email: to,
      pending_email: null,
    });
    expect((await login(to, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(a.input.email, STRONG_PASSWORD)).statusCode).toBe(401);
    const done = await lastMail(a.input.email, /address was changed/i);
    expect(done.text_body).toContain(to);
    expect(done.text_body).toMatch(/not_me_token=/);

    const again = await post('/api/auth/confirm-email', { token: confirmToken });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      success: false,
      code: 'TOKEN_INVALID',
      detail: ACCOUNT_MESSAGES.invalidConfirmLink,
    });
  });

  it('the link expires', async () => {
    const a = await registerTeacher(t.app);
    const { confirmToken } = await requestEmailChange(a);
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', a.user.id)
      .execute();
    expect((await profile(a.auth)).json().data.user.pending_email).toBeNull();
    expect((await post('/api/auth/confirm-email', { token: confirmToken })).statusCode).toBe(401);
    expect((await profile(a.auth)).json().data.user.email).toBe(a.input.email);
  });

  it('two clicks at once change it once', async () => {
    const a = await registerTeacher(t.app);
    const { confirmToken } = await requestEmailChange(a);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/auth/confirm-email', { token: confirmToken })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    expect(
      (await mailTo(a.input.email)).filter((m) => /address was changed/i.test(m.subject)),
    ).toHaveLength(1);
  });

  it('a newer request replaces the pending one: the first link stops working', async () => {
    const a = await registerTeacher(t.app);
    const first = await requestEmailChange(a, `first-${a.input.email}`);
    const second = await requestEmailChange(a, `second-${a.input.email}`);
    expect((await post('/api/auth/confirm-email', { token: first.confirmToken })).statusCode).toBe(
      401,
    );
    expect((await profile(a.auth)).json().data.user.pending_email).toBe(`second-${a.input.email}`);
    const ok = await post('/api/auth/confirm-email', { token: second.confirmToken });
    expect(ok.statusCode).toBe(200);
    expect((await profile(a.auth)).json().data.user.email).toBe(`second-${a.input.email}`);
  });

  it('an address another account holds is refused, at the request and at the confirmation', async () => {
    const a = await registerTeacher(t.app);
    const b = await registerTeacher(t.app);
    const taken = await putProfile(a.auth, profileOf(a, { email: b.input.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });

    const { confirmToken } = await requestEmailChange(a, `later-${a.input.email}`);
    // someone signs up with that address before the link is opened
    await registerTeacher(t.app, { email: `later-${a.input.email}` });
    const res = await post('/api/auth/confirm-email', { token: confirmToken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await profile(a.auth)).json().data.user.email).toBe(a.input.email);
  });

  it('limits how many confirmation e-mails one account sends', async () => {
    const a = await registerTeacher(t.app);
    for (let i = 0; i < 5; i++)
      expect(
        (await putProfile(a.auth, profileOf(a, { email: `n${i}-${a.input.email}` }))).statusCode,
      ).toBe(200);
    const res = await putProfile(a.auth, profileOf(a, { email: `n9-${a.input.email}` }));
    expect(res.statusCode).toBe(429);
    expect(await mailTo(`n9-${a.input.email}`)).toEqual([]);
  });

  it('validates the link call', async () => {
    expect((await post('/api/auth/confirm-email', {})).statusCode).toBe(422);
    expect((await post('/api/auth/confirm-email', { token: '' })).statusCode).toBe(422);
    expect((await post('/api/auth/confirm-email', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await post('/api/auth/not-me', {})).statusCode).toBe(422);
    expect((await post('/api/auth/not-me', { token: 'x'.repeat(43) })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/update-password (signed in) needs the current password', () => {
  it('without it 422, with a wrong one 403; the password stays', async () => {
    const a = await registerTeacher(t.app);
    const none = await post('/api/auth/update-password', { password: 'Brand-New-Pass-77' }, a.auth);
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'current_password'],
        msg: ACCOUNT_MESSAGES.currentPasswordRequired,
      }),
    ]);
    const wrong = await post(
      '/api/auth/update-password',
      { password: 'Brand-New-Pass-77', current_password: 'Not-The-Password-1' },
      a.auth,
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect((await login(a.input.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(a.input.email, 'Brand-New-Pass-77')).statusCode).toBe(401);
  });

  it('with it: changed, other sessions end, and the address on file is told with a "not me" link', async () => {
    const a = await registerTeacher(t.app);
    const other = (await login(a.input.email, STRONG_PASSWORD)).json().data.tokens;
    const res = await post(
      '/api/auth/update-password',
      { password: 'Brand-New-Pass-77', current_password: STRONG_PASSWORD },
      a.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(a.auth)).statusCode).toBe(200);
    expect((await profile(bearer(other.access_token))).statusCode).toBe(401);
    const notice = await lastMail(a.input.email, /password was changed/i);
    expect(notice.text_body).toMatch(/^http:\/\/app\.test\/\?not_me_token=/m);
  });

  it('the reset link still sets a password without the current one (it proves itself)', async () => {
    const a = await registerTeacher(t.app);
    await post('/api/auth/reset-password', { email: a.input.email });
    const reset = tokenIn((await lastMail(a.input.email, /Reset/)).text_body, 'reset_token');
    const res = await post(
      '/api/auth/update-password',
      { password: 'Brand-New-Pass-77' },
      bearer(reset),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(a.input.email, 'Brand-New-Pass-77')).statusCode).toBe(200);
  });
});

describe('"This wasn\'t me"', () => {
  it('after a password change: every session ends, the password no longer signs in, a reset link is sent; once only', async () => {
    const a = await registerTeacher(t.app);
    const other = (await login(a.input.email, STRONG_PASSWORD)).json().data.tokens;
    await post(
      '/api/auth/update-password',
      { password: 'Thief-Chosen-Pass-9', current_password: STRONG_PASSWORD },
      a.auth,
    );
    const notMe = tokenIn(
      (await lastMail(a.input.email, /password was changed/i)).text_body,
      'not_me_token',
    );
    const res = await post('/api/auth/not-me', { token: notMe });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email_change_cancelled: false, email_restored: null });
    for (const access of [a.tokens.access_token, other.access_token])
      expect((await profile(bearer(access))).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    // whoever changed it knows the new password: it no longer signs in
    expect((await login(a.input.email, 'Thief-Chosen-Pass-9')).statusCode).toBe(401);
    const reset = tokenIn((await lastMail(a.input.email, /Reset/)).text_body, 'reset_token');
    expect(
      (await post('/api/auth/update-password', { password: 'Owner-Again-Pass-5' }, bearer(reset)))
        .statusCode,
    ).toBe(200);
    expect((await login(a.input.email, 'Owner-Again-Pass-5')).statusCode).toBe(200);

    const again = await post('/api/auth/not-me', { token: notMe });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      detail: ACCOUNT_MESSAGES.invalidNotMeLink,
    });
  });

  it('while an e-mail change is pending: cancels it (its link stops working) and ends every session', async () => {
    const a = await registerTeacher(t.app);
    const { confirmToken, notMeToken } = await requestEmailChange(a);
    const res = await post('/api/auth/not-me', { token: notMeToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email_change_cancelled: true });
    expect((await profile(a.auth)).statusCode).toBe(401);
    expect((await refresh(a.tokens.refresh_token)).statusCode).toBe(401);
    expect((await post('/api/auth/confirm-email', { token: confirmToken })).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(a.input.email);
  });

  it('after a completed change: the old address comes back, and links sent to the new one die', async () => {
    const a = await registerTeacher(t.app);
    const to = newAddress(a);
    const { confirmToken } = await requestEmailChange(a);
    expect((await post('/api/auth/confirm-email', { token: confirmToken })).statusCode).toBe(200);
    // the new address asks for a reset link
    await post('/api/auth/reset-password', { email: to });
    const thiefReset = tokenIn((await lastMail(to, /Reset/)).text_body, 'reset_token');
    const notMe = tokenIn(
      (await lastMail(a.input.email, /address was changed/i)).text_body,
      'not_me_token',
    );
    const res = await post('/api/auth/not-me', { token: notMe });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email_restored: a.input.email });
    const row = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(a.input.email);
    expect(
      (
        await post(
          '/api/auth/update-password',
          { password: 'Thief-Chosen-Pass-9' },
          bearer(thiefReset),
        )
      ).statusCode,
    ).toBe(401);
    // the owner gets the reset link at the old address
    const reset = tokenIn((await lastMail(a.input.email, /Reset/)).text_body, 'reset_token');
    expect(
      (await post('/api/auth/update-password', { password: 'Owner-Again-Pass-5' }, bearer(reset)))
        .statusCode,
    ).toBe(200);
  });
});

describe("another account's tokens never work", () => {
  it('a link acts only on the account it was sent for, whoever is signed in; tokens of one kind are no other', async () => {
    const a = await registerTeacher(t.app);
    const b = await registerTeacher(t.app);
    const { confirmToken, notMeToken } = await requestEmailChange(a);
    await post('/api/auth/reset-password', { email: a.input.email });
    const reset = tokenIn((await lastMail(a.input.email, /Reset/)).text_body, 'reset_token');

    // one kind of token is never another
    expect((await post('/api/auth/not-me', { token: confirmToken })).statusCode).toBe(401);
    expect((await post('/api/auth/confirm-email', { token: notMeToken })).statusCode).toBe(401);
    expect((await post('/api/auth/confirm-email', { token: reset })).statusCode).toBe(401);
    expect((await post('/api/auth/not-me', { token: reset })).statusCode).toBe(401);
    for (const token of [confirmToken, notMeToken])
      expect(
        (await post('/api/auth/update-password', { password: 'Brand-New-Pass-77' }, bearer(token)))
          .statusCode,
      ).toBe(401);
    // nor is an access token a link token, nor a link token an access token
    expect(
      (await post('/api/auth/confirm-email', { token: b.tokens.access_token })).statusCode,
    ).toBe(401);
    expect((await profile(bearer(confirmToken))).statusCode).toBe(401);

    // B, signed in, following A's link changes A's address, never B's
    const res = await post('/api/auth/confirm-email', { token: confirmToken }, b.auth);
    expect(res.statusCode).toBe(200);
    expect((await profile(b.auth)).json().data.user.email).toBe(b.input.email);
    expect((await profile(a.auth)).json().data.user.email).toBe(newAddress(a));
    // B's current password does not change A's password
    const cross = await post(
      '/api/auth/update-password',
      { password: 'Brand-New-Pass-77', current_password: STRONG_PASSWORD },
      b.auth,
    );
    expect(cross.statusCode).toBe(200);
    expect((await login(newAddress(a), STRONG_PASSWORD)).statusCode).toBe(200);
    // A's "not me" ends A's sessions only
    const notMe = tokenIn(
      (await lastMail(a.input.email, /address was changed/i)).text_body,
      'not_me_token',
    );
    expect((await post('/api/auth/not-me', { token: notMe }, b.auth)).statusCode).toBe(200);
    expect((await profile(a.auth)).statusCode).toBe(401);
    expect((await profile(b.auth)).statusCode).toBe(200);
  });
});
