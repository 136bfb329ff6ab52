import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_MESSAGES } from '@app/contracts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.ts';
import { OAuthStateSigner } from './oauth-state.ts';
import { TokenCipher } from './token-cipher.ts';

type Teacher = Awaited<ReturnType<typeof subscribedTeacher>>;

describe('Slack configuration', () => {
  it('takes the three keys together or none, listing what is missing', () => {
    expect(loadConfig({}).slack).toBeUndefined();
    const all = loadConfig({
      SLACK_CLIENT_ID: 'a',
      SLACK_CLIENT_SECRET: 'b',
      SLACK_SIGNING_SECRET: 'c',
    }).slack;
    expect(all).toMatchObject({
      apiUrl: 'https://slack.com/api/',
      oauthUrl: 'https://slack.com/oauth/v2/authorize',
    });
    expect(() => loadConfig({ SLACK_CLIENT_ID: 'a' })).toThrow(ConfigError);
    try {
      loadConfig({ SLACK_CLIENT_ID: 'a' });
    } catch (error) {
      expect(String(error)).toContain('SLACK_CLIENT_SECRET');
      expect(String(error)).toContain('SLACK_SIGNING_SECRET');
      expect(String(error)).not.toMatch(/SLACK_CLIENT_ID:/);
    }
    expect(
      loadConfig({
        SLACK_CLIENT_ID: 'a',
        SLACK_CLIENT_SECRET: 'b',
        SLACK_SIGNING_SECRET: 'c',
        SLACK_API_URL: 'http://127.0.0.1:9/api',
      }).slack?.apiUrl,
    ).toBe('http://127.0.0.1:9/api/');
  });
});

describe('token cipher and state', () => {
  it('seals a token so only the same key and team open it', () => {
    const c = new TokenCipher('secret-1');
    const sealed = c.encrypt('xoxb-123', 'T1');
    expect(sealed).not.toContain('xoxb');
    expect(c.decrypt(sealed, 'T1')).toBe('xoxb-123');
    expect(c.decrypt(sealed, 'T2')).toBeUndefined();
    expect(new TokenCipher('secret-2').decrypt(sealed, 'T1')).toBeUndefined();
  });

  it('refuses a forged, altered or expired state', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const s = new OAuthStateSigner('k'.repeat(40), () => now);
    const state = s.sign('teacher-1');
    expect(s.verify(state)?.teacherId).toBe('teacher-1');
    expect(new OAuthStateSigner('x'.repeat(40), () => now).verify(state)).toBeUndefined();
    expect(s.verify(`${state}x`)).toBeUndefined();
    now = new Date(now.getTime() + 10 * 60_000 + 1);
    expect(s.verify(state)).toBeUndefined();
  });
});

describe('without Slack configured', () => {
  let t: TestApp;
  let teacher: Teacher;
  beforeAll(async () => {
    t = await createTestApp();
    teacher = await subscribedTeacher(t.app);
  }, 60_000);
  afterAll(async () => t.close());

  it("needs a teacher's token on every team-chat route", async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/slack/auth-url'],
      ['GET', '/api/slack/integrations'],
      ['POST', '/api/slack/integrations/link-class'],
      ['DELETE', `/api/slack/integrations/${id}`],
      ['POST', `/api/slack/integrations/${id}/users`],
      ['DELETE', `/api/slack/integrations/${id}/users/${id}`],
      ['GET', '/api/slack/channels/T0001'],
      ['GET', '/api/slack/team/T0001'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('serves the manifest as a download, built from PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/slack/manifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const m = res.json();
    expect(m.oauth_config.redirect_urls).toEqual(['http://app.test/api/slack/oauth/callback']);
    expect(m.oauth_config.scopes.bot).toContain('users:read.email');
    expect(m.settings.event_subscriptions.request_url).toBe('http://app.test/api/slack/events');
    expect(m.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining([
        'app_mention',
        'message.channels',
        'message.groups',
        'app_uninstalled',
        'tokens_revoked',
      ]),
    );
    expect(m.features.slash_commands[0]).toMatchObject({
      command: '/link-class',
      url: 'http://app.test/api/slack/commands',
    });
  });

  it('answers auth-url with the configuration message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/slack/auth-url',
      headers: teacher.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INTEGRATION_NOT_CONFIGURED',
      detail: SLACK_MESSAGES.notConfigured,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/slack/integrations',
      headers: teacher.auth,
    });
    expect(list.json().data).toEqual({ configured: false, integrations: [], workspaces: [] });
  });
});

describe('with Slack (the loopback fake)', () => {
  let t: TestApp;
  let slack: FakeSlack;
  let teacher: Teacher;
  let other: Teacher;
  let classId: string;

  beforeAll(async () => {
    slack = await startFakeSlack();
    slack.addTeam({
      id: 'T0001',
      name: 'Biology Dept',
      channels: [
        { id: 'C0GENERAL', name: 'general', is_private: false, num_members: 40, is_member: true },
        { id: 'G0PRIVATE', name: 'staff', is_private: true, num_members: 3, is_member: false },
      ],
    });
    slack.addTeam({ id: 'T0002', name: 'Chemistry Dept' });
    t = await createTestApp(slack.env());
    teacher = await subscribedTeacher(t.app);
    other = await subscribedTeacher(t.app);
    classId = (await createClass(t.app, teacher.auth)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const get = (url: string, who: Teacher = teacher) =>
    t.app.inject({ method: 'GET', url, headers: who.auth });

  async function install(teamId: string, who: Teacher = teacher) {
    const res = await get('/api/slack/auth-url', who);
    expect(res.statusCode).toBe(200);
    const authUrl = new URL(res.json().data.auth_url);
    const state = authUrl.searchParams.get('state')!;
    // the fake's authorize page, as a browser would follow it
    slack.authorizeTeam = teamId;
    const page = await fetch(authUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://app.test/api/slack/oauth/callback');
    const cb = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    return { cb, state, authUrl };
  }

  it('builds the auth url to the authorize page with scopes and a signed state', async () => {
    const res = await get('/api/slack/auth-url');
    const url = new URL(res.json().data.auth_url);
    expect(url.origin + url.pathname).toBe(slack.oauthUrl);
    expect(url.searchParams.get('client_id')).toBe(slack.clientId);
    expect(url.searchParams.get('scope')).toContain('chat:write');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/api/slack/oauth/callback');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('stores the workspace with its token encrypted, then sends the browser to install-success', async () => {
    const { cb } = await install('T0001');
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/install-success');
    const token = slack.tokenOf('T0001')!;
    const row = await t.db
      .selectFrom('slack_workspaces')
      .selectAll()
      .where('slack_team_id', '=', 'T0001')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ team_name: 'Biology Dept', bot_user_id: 'U0BOTT0001' });
    expect(row.bot_token_encrypted).not.toContain(token);
    expect(row.bot_token_encrypted).not.toContain('xoxb');
    expect(new TokenCipher(slack.clientSecret).decrypt(row.bot_token_encrypted!, 'T0001')).toBe(
      token,
    );
  });

  it('reinstalling updates the token; another team adds a workspace', async () => {
    const before = await t.db.selectFrom('slack_workspaces').selectAll().execute();
    await install('T0001');
    const after = await t.db.selectFrom('slack_workspaces').selectAll().execute();
    expect(after).toHaveLength(before.length);
    expect(after[0]!.bot_token_encrypted).not.toBe(before[0]!.bot_token_encrypted);
    await install('T0002');
    const list = (await get('/api/slack/integrations')).json().data;
    expect(list.workspaces.map((w: { slack_team_id: string }) => w.slack_team_id)).toEqual([
      'T0001',
      'T0002',
    ]);
    expect(list.workspaces[0]).toMatchObject({ team_name: 'Biology Dept', connected: true });
  });

  it('a reused, forged or expired state, or Slack refusing, redirects with an error', async () => {
    const { state } = await install('T0001');
    const reused = await t.app.inject({
      method: 'GET',
      url: `/api/slack/oauth/callback?code=${slack.issueCode('T0001')}&state=${encodeURIComponent(state)}`,
    });
    expect(reused.headers.location).toMatch(/^\/integrations\?error=/);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/slack/oauth/callback?code=${slack.issueCode('T0001')}&state=abc.def`,
    });
    expect(decodeURIComponent(forged.headers.location as string)).toContain('invalid, expired');
    const expired = new OAuthStateSigner(
      'test-secret-that-is-long-enough-0123456789',
      () => new Date(Date.now() - 11 * 60_000),
    ).sign(teacher.user.id);
    const late = await t.app.inject({
      method: 'GET',
      url: `/api/slack/oauth/callback?code=${slack.issueCode('T0001')}&state=${expired}`,
    });
    expect(late.headers.location).toMatch(/^\/integrations\?error=/);
    const fresh = new URL((await get('/api/slack/auth-url')).json().data.auth_url).searchParams.get(
      'state',
    )!;
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/slack/oauth/callback?error=access_denied&state=${encodeURIComponent(fresh)}`,
    });
    expect(decodeURIComponent(denied.headers.location as string)).toContain('access_denied');
    const fresh2 = new URL(
      (await get('/api/slack/auth-url')).json().data.auth_url,
    ).searchParams.get('state')!;
    const badCode = await t.app.inject({
      method: 'GET',
      url: `/api/slack/oauth/callback?code=nope&state=${encodeURIComponent(fresh2)}`,
    });
    expect(decodeURIComponent(badCode.headers.location as string)).toContain('invalid_code');
  });

  it('lists channels across pages, public and private', async () => {
    slack.pageSize = 1;
    const res = await get('/api/slack/channels/T0001');
    slack.pageSize = 100;
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: 'C0GENERAL', name: 'general', is_private: false, num_members: 40, is_member: true },
      { id: 'G0PRIVATE', name: 'staff', is_private: true, num_members: 3, is_member: false },
    ]);
    const listCalls = slack.calls.filter((c) => c.method === 'conversations.list');
    expect(listCalls.at(-1)!.params.cursor).toBeTruthy();
    expect(listCalls.at(-1)!.token).toBe(slack.tokenOf('T0001'));
    expect((await get('/api/slack/team/T0001')).json().data).toEqual({ name: 'Biology Dept' });
  });

  it("another teacher's workspace, integration or user is not found", async () => {
    expect((await get('/api/slack/channels/T0001', other)).statusCode).toBe(404);
    expect((await get('/api/slack/team/T0001', other)).statusCode).toBe(404);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { integration_id: 'T0001', class_id: classId, channel_id: 'C0GENERAL' },
    });
    const id = link.json().data.id as string;
    const user = await t.app.inject({
      method: 'POST',
      url: `/api/slack/integrations/${id}/users`,
      headers: teacher.auth,
      payload: { email: 'colleague@uni.test' },
    });
    const userId = user.json().data.id as string;
    for (const [method, url, payload] of [
      ['DELETE', `/api/slack/integrations/${id}`, undefined],
      ['POST', `/api/slack/integrations/${id}/users`, { email: 'x@uni.test' }],
      ['DELETE', `/api/slack/integrations/${id}/users/${userId}`, undefined],
      [
        'POST',
        '/api/slack/integrations/link-class',
        { integration_id: 'T0001', class_id: classId, channel_id: 'C0GENERAL' },
      ],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.auth, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // the other teacher's own class on the first teacher's workspace: still not found
    const otherClass = await createClass(t.app, other.auth);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { integration_id: 'T0001', class_id: otherClass.id, channel_id: 'C0GENERAL' },
    });
    expect(res.statusCode).toBe(404);
    expect((await get('/api/slack/integrations', other)).json().data.integrations).toEqual([]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/slack/integrations/${id}`,
      headers: teacher.auth,
    });
  });

  it('links a class to a channel, welcomes it, authorizes and removes users, unlinks', async () => {
    const posted = slack.messages.length;
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { integration_id: 'T0001', class_id: classId },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].msg).toBe(SLACK_MESSAGES.linkMissing);
    const nochannel = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { integration_id: 'T0001', class_id: classId, channel_id: 'C0NOPE' },
    });
    expect(nochannel.statusCode).toBe(404);
    expect(nochannel.json().detail).toBe(SLACK_MESSAGES.channelNotFound);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { integration_id: 'T0001', class_id: classId, channel_id: 'C0GENERAL' },
    });
    expect(res.statusCode).toBe(201);
    const integration = res.json().data;
    expect(integration).toMatchObject({
      slack_team_id: 'T0001',
      class_id: classId,
      slack_channel_id: 'C0GENERAL',
      slack_channel_name: 'general',
      classes: {
        class_name: 'Introduction to Biology',
        course_code: 'BIO 101',
        semester: 'Fall',
        year: 2026,
      },
      slack_authorized_users: [],
    });
    expect(slack.messages.slice(posted)).toHaveLength(1);
    expect(slack.messages.at(-1)).toMatchObject({ channel: 'C0GENERAL' });
    expect(slack.messages.at(-1)!.text).toContain('Introduction to Biology');

    // a private channel the bot is not in: linked, no welcome
    const priv = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { integration_id: 'T0001', class_id: classId, channel_id: 'G0PRIVATE' },
    });
    expect(priv.statusCode).toBe(201);
    expect(slack.messages.slice(posted)).toHaveLength(1);

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/slack/integrations/${integration.id}/users`,
      headers: teacher.auth,
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe(SLACK_MESSAGES.invalidEmail);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/slack/integrations/${integration.id}/users`,
      headers: teacher.auth,
      payload: { email: '' },
    });
    expect(empty.json().detail[0].msg).toBe(SLACK_MESSAGES.invalidEmail);

    const colleague = await t.app.inject({
      method: 'POST',
      url: `/api/slack/integrations/${integration.id}/users`,
      headers: teacher.auth,
      payload: { email: other.input.email.toUpperCase() },
    });
    expect(colleague.statusCode).toBe(201);
    expect(colleague.json().data).toMatchObject({
      email: other.input.email.toLowerCase(),
      teacher_id: other.user.id,
      teachers: { first_name: other.input.first_name, last_name: other.input.last_name },
    });
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/slack/integrations/${integration.id}/users`,
      headers: teacher.auth,
      payload: { email: 'ta@uni.test' },
    });
    expect(stranger.json().data).toMatchObject({
      email: 'ta@uni.test',
      teacher_id: null,
      teachers: null,
    });

    const list = (await get('/api/slack/integrations')).json().data;
    const listed = list.integrations.find((i: { id: string }) => i.id === integration.id);
    expect(listed.slack_authorized_users).toHaveLength(2);
    expect(list.workspaces[0].active_integrations).toBe(2);

    // removed by teacher id (SPEC), and by the authorization's id for an e-mail without account
    for (const userId of [other.user.id, stranger.json().data.id]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/slack/integrations/${integration.id}/users/${userId}`,
        headers: teacher.auth,
      });
      expect(del.statusCode).toBe(200);
    }
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/slack/integrations/${integration.id}/users/${other.user.id}`,
      headers: teacher.auth,
    });
    expect(again.statusCode).toBe(404);

    const unlink = await t.app.inject({
      method: 'DELETE',
      url: `/api/slack/integrations/${integration.id}`,
      headers: teacher.auth,
    });
    expect(unlink.statusCode).toBe(200);
    const after = (await get('/api/slack/integrations')).json().data;
    expect(after.integrations.map((i: { id: string }) => i.id)).not.toContain(integration.id);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/slack/integrations/${integration.id}`,
          headers: teacher.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('without integration_id and several workspaces asks which one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { class_id: classId, channel_id: 'C0GENERAL' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(SLACK_MESSAGES.workspaceRequired);
  });

  it('a Slack refusal is a 502 in the error shape', async () => {
    slack.failNext('conversations.list', 'ratelimited_forever');
    const res = await get('/api/slack/channels/T0001');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: 'INTEGRATION_ERROR' });
  });
});
