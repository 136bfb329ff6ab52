import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_MESSAGES } from '@app/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createClass, subscribedTeacher } from '../../../test/factories.ts';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.ts';
import {
  installSlackTeam,
  nowSeconds,
  signedSlackPost,
  slackEventQueueReady,
  until,
} from '../../../test/slack.ts';
import { COMMAND_MESSAGES } from './slack-inbound.service.ts';
import { isSignedBySlack, slackSignature } from './slack-signature.ts';

type Teacher = Awaited<ReturnType<typeof subscribedTeacher>>;

describe('Slack v0 signature', () => {
  const body = Buffer.from('{"a":1}');
  const now = new Date('2026-01-01T00:00:00Z');
  const ts = String(now.getTime() / 1000);
  const sig = slackSignature('secret', ts, body);

  it('accepts the signature of the body and a timestamp within 5 minutes', () => {
    expect(sig).toMatch(/^v0=[0-9a-f]{64}$/);
    expect(isSignedBySlack('secret', { timestamp: ts, signature: sig }, body, now)).toBe(true);
    const later = new Date(now.getTime() + 299_000);
    expect(isSignedBySlack('secret', { timestamp: ts, signature: sig }, body, later)).toBe(true);
  });

  it('refuses another secret or body, a stale or odd timestamp, a missing or short signature', () => {
    const ok = { timestamp: ts, signature: sig };
    expect(isSignedBySlack('other', ok, body, now)).toBe(false);
    expect(isSignedBySlack('secret', ok, Buffer.from('{"a":2}'), now)).toBe(false);
    expect(isSignedBySlack('secret', ok, body, new Date(now.getTime() + 301_000))).toBe(false);
    expect(isSignedBySlack('secret', ok, body, new Date(now.getTime() - 301_000))).toBe(false);
    expect(isSignedBySlack('secret', { timestamp: `${ts}.5`, signature: sig }, body, now)).toBe(
      false,
    );
    expect(isSignedBySlack('secret', { timestamp: ts, signature: undefined }, body, now)).toBe(
      false,
    );
    expect(isSignedBySlack('secret', { timestamp: ts, signature: 'v0=ab' }, body, now)).toBe(false);
  });
});

describe('Slack events and commands without Slack configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t.close());

  it('answers 409 with the configuration message', async () => {
    for (const [url, type, payload] of [
      ['/api/slack/events', 'application/json', '{"type":"url_verification","challenge":"x"}'],
      ['/api/slack/commands', 'application/x-www-form-urlencoded', 'command=%2Flink-class'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'INTEGRATION_NOT_CONFIGURED',
        detail: SLACK_MESSAGES.notConfigured,
      });
    }
  });
});

describe('Slack events and /link-class (the loopback fake)', () => {
  let t: TestApp;
  let slack: FakeSlack;
  let teacher: Teacher;
  let other: Teacher;
  let biology: { id: string; class_name: string };
  let chemistry: { id: string; class_name: string };

  beforeAll(async () => {
    slack = await startFakeSlack();
    t = await createTestApp(slack.env());
    teacher = await subscribedTeacher(t.app);
    other = await subscribedTeacher(t.app);
    slack.addTeam({
      id: 'T0001',
      name: 'Biology Dept',
      channels: [
        { id: 'C0GENERAL', name: 'general', is_private: false, num_members: 40, is_member: true },
        { id: 'C0BIO', name: 'bio-101', is_private: false, num_members: 12, is_member: true },
      ],
      users: [
        { id: 'U0TEACHER', name: 'ada', email: teacher.input.email.toUpperCase() },
        { id: 'U0OTHER', name: 'grace', email: other.input.email },
        { id: 'U0STUDENT', name: 'student', email: 'student@uni.test' },
        { id: 'U0NOMAIL', name: 'bot-like' },
      ],
    });
    slack.addTeam({ id: 'T0002', name: 'Chemistry Dept' });
    biology = await createClass(t.app, teacher.auth);
    chemistry = await createClass(t.app, teacher.auth, { class_name: 'Organic Chemistry' });
    await install('T0001', teacher);
    await install('T0002', teacher);
    await slackEventQueueReady(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const install = (teamId: string, who: Teacher) =>
    installSlackTeam(t.app, slack, teamId, who.auth);

  const signedPost = (
    url: string,
    type: string,
    body: string,
    opts: Parameters<typeof signedSlackPost>[5] = {},
  ) => signedSlackPost(t.app, slack, url, type, body, opts);

  const postEvent = (payload: unknown, opts: Parameters<typeof signedPost>[3] = {}) =>
    signedPost('/api/slack/events', 'application/json', JSON.stringify(payload), opts);

  const eventCallback = (eventId: string, teamId: string, event: Record<string, unknown>) => ({
    token: 'legacy-unused',
    team_id: teamId,
    api_app_id: 'A0FAKEAPP',
    type: 'event_callback',
    event_id: eventId,
    event_time: nowSeconds(),
    event,
  });

  function command(
    text: string,
    opts: { user?: string; team?: string; channel?: string; channelName?: string } = {},
    sign: Parameters<typeof signedPost>[3] = {},
  ) {
    const form = new URLSearchParams({
      token: 'legacy-unused',
      team_id: opts.team ?? 'T0001',
      team_domain: 'biology',
      channel_id: opts.channel ?? 'C0BIO',
      channel_name: opts.channelName ?? 'bio-101',
      user_id: opts.user ?? 'U0TEACHER',
      user_name: 'ada',
      command: '/link-class',
      text,
      api_app_id: 'A0FAKEAPP',
      response_url: `${slack.url}/commands/response`,
      trigger_id: '123.456',
    });
    return signedPost(
      '/api/slack/commands',
      'application/x-www-form-urlencoded',
      form.toString(),
      sign,
    );
  }

  const jobsOf = async (eventId: string) =>
    Number(
      (
        await sql<{ n: string }>`
          SELECT count(*) AS n FROM pgboss.job
          WHERE name = 'slack-event' AND data->>'eventId' = ${eventId}`.execute(t.db)
      ).rows[0]!.n,
    );

  it('answers the URL check with its challenge', async () => {
    const res = await postEvent({ token: 'x', challenge: 'ch-123', type: 'url_verification' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ challenge: 'ch-123' });
  });

  it('refuses a bad signature, another secret, a stale or future timestamp, no headers: 401', async () => {
    const payload = { type: 'url_verification', challenge: 'c' };
    const cases = [
      await postEvent(payload, { secret: 'not-the-secret' }),
      await postEvent(payload, { ts: nowSeconds() - 6 * 60 }),
      await postEvent(payload, { ts: nowSeconds() + 6 * 60 }),
      await postEvent(payload, { headers: { 'x-slack-signature': 'v0=deadbeef' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/slack/events',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }),
    ];
    // the body changed after signing
    const ts = String(nowSeconds());
    cases.push(
      await t.app.inject({
        method: 'POST',
        url: '/api/slack/events',
        headers: {
          'content-type': 'application/json',
          'x-slack-request-timestamp': ts,
          'x-slack-signature': slackSignature(slack.signingSecret, ts, Buffer.from('{}')),
        },
        payload: JSON.stringify(payload),
      }),
    );
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('acknowledges a signed event at once and queues it once, whatever the retries', async () => {
    const payload = eventCallback('Ev0MESSAGE1', 'T0001', {
      type: 'message',
      channel: 'C0BIO',
      user: 'U0TEACHER',
      text: 'Exam 2 moves to Friday',
      ts: '1700000001.000100',
    });
    const first = await postEvent(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    for (const n of ['1', '2']) {
      const retry = await postEvent(payload, {
        headers: { 'x-slack-retry-num': n, 'x-slack-retry-reason': 'http_timeout' },
      });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ ok: true });
    }
    const rows = await t.db
      .selectFrom('slack_events')
      .selectAll()
      .where('event_id', '=', 'Ev0MESSAGE1')
      .execute();
    expect(rows).toEqual([expect.objectContaining({ team_id: 'T0001', type: 'message' })]);
    expect(await jobsOf('Ev0MESSAGE1')).toBe(1);
  });

  it('refuses a signed body that is not an event', async () => {
    for (const body of ['not json', '[]', JSON.stringify({ type: 'event_callback' })]) {
      const res = await signedPost('/api/slack/events', 'application/json', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    }
  });

  it('/link-class without argument lists the teacher’s classes', async () => {
    const res = await command('');
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.text).toContain('Your classes:');
    // each with its code and term: a course taught again is two classes of one name
    expect(reply.text).toContain(
      `• ${biology.class_name} (BIO 101) · Fall 2026 (\`${biology.id}\`)`,
    );
    expect(reply.text).toContain(`• Organic Chemistry (BIO 101) · Fall 2026 (\`${chemistry.id}\`)`);
    const info = slack.calls.filter((c) => c.method === 'users.info').at(-1)!;
    expect(info.params.user).toBe('U0TEACHER');
    expect(info.token).toBe(slack.tokenOf('T0001'));
  });

  it('/link-class <name> and <id> link the class to the channel, owner-checked', async () => {
    const byName = await command('  organic chemistry ');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({
      response_type: 'ephemeral',
      text: COMMAND_MESSAGES.linked('Organic Chemistry', '#bio-101'),
    });
    let list = (
      await t.app.inject({ method: 'GET', url: '/api/slack/integrations', headers: teacher.auth })
    ).json().data;
    expect(list.integrations).toEqual([
      expect.objectContaining({
        slack_team_id: 'T0001',
        class_id: chemistry.id,
        slack_channel_id: 'C0BIO',
        slack_channel_name: 'bio-101',
        is_active: true,
      }),
    ]);
    // the same channel by id moves to the other class
    const byId = await command(biology.id);
    expect(byId.json().text).toBe(COMMAND_MESSAGES.linked(biology.class_name, '#bio-101'));
    list = (
      await t.app.inject({ method: 'GET', url: '/api/slack/integrations', headers: teacher.auth })
    ).json().data;
    expect(list.integrations).toHaveLength(1);
    expect(list.integrations[0].class_id).toBe(biology.id);
    // another teacher's class id is unknown to this teacher
    const foreign = await createClass(t.app, other.auth, { class_name: 'Grace Only' });
    expect((await command(foreign.id)).json().text).toBe(COMMAND_MESSAGES.unknownClass(foreign.id));
  });

  it('/link-class with an unknown class says so clearly', async () => {
    const res = await command('Astrophysics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      response_type: 'ephemeral',
      text: COMMAND_MESSAGES.unknownClass('Astrophysics'),
    });
  });

  it('/link-class by a member who is not a teacher, has no e-mail, or a teacher of another workspace', async () => {
    expect((await command('', { user: 'U0STUDENT' })).json()).toEqual({
      response_type: 'ephemeral',
      text: COMMAND_MESSAGES.notTeacher('student@uni.test'),
    });
    expect((await command('', { user: 'U0NOMAIL' })).json().text).toBe(COMMAND_MESSAGES.noEmail);
    expect((await command(biology.id, { user: 'U0OTHER' })).json().text).toBe(
      COMMAND_MESSAGES.notYourWorkspace,
    );
    expect((await command('', { user: 'U0GHOST' })).json().text).toBe(
      COMMAND_MESSAGES.slackFailed('user_not_found'),
    );
    expect((await command('', { channel: 'D0DM', channelName: 'directmessage' })).json().text).toBe(
      COMMAND_MESSAGES.notInChannel,
    );
    expect((await command('', { team: 'T0NOPE' })).json().text).toBe(COMMAND_MESSAGES.notConnected);
  });

  it('/link-class with a bad or stale signature is 401 and links nothing', async () => {
    const before = await t.db.selectFrom('slack_integrations').selectAll().execute();
    const calls = slack.calls.length;
    for (const res of [
      await command(chemistry.id, {}, { secret: 'not-the-secret' }),
      await command(chemistry.id, {}, { ts: nowSeconds() - 10 * 60 }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect(await t.db.selectFrom('slack_integrations').selectAll().execute()).toEqual(before);
    expect(slack.calls.length).toBe(calls);
  });

  it('tokens_revoked (bot) disconnects the workspace and deactivates its links, once', async () => {
    // a user-token revocation leaves the bot connected
    const userOnly = await postEvent(
      eventCallback('Ev0REVOKEUSER', 'T0001', {
        type: 'tokens_revoked',
        tokens: { oauth: ['U0TEACHER'], bot: [] },
      }),
    );
    expect(userOnly.statusCode).toBe(200);
    const revoke = eventCallback('Ev0REVOKEBOT', 'T0001', {
      type: 'tokens_revoked',
      tokens: { bot: ['U0BOTT0001'] },
    });
    expect((await postEvent(revoke)).statusCode).toBe(200);
    expect((await postEvent(revoke, { headers: { 'x-slack-retry-num': '1' } })).statusCode).toBe(
      200,
    );
    await until(async () => {
      const w = await t.db
        .selectFrom('slack_workspaces')
        .select('bot_token_encrypted')
        .where('slack_team_id', '=', 'T0001')
        .executeTakeFirstOrThrow();
      return w.bot_token_encrypted === null;
    }, 'the revoked token to be removed');
    expect(await jobsOf('Ev0REVOKEBOT')).toBe(1);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/slack/integrations', headers: teacher.auth })
    ).json().data;
    const t1 = list.workspaces.find((w: { slack_team_id: string }) => w.slack_team_id === 'T0001');
    expect(t1).toMatchObject({ connected: false, active_integrations: 0 });
    expect(
      list.integrations
        .filter((i: { slack_team_id: string }) => i.slack_team_id === 'T0001')
        .every((i: { is_active: boolean }) => !i.is_active),
    ).toBe(true);
    // the other workspace is untouched
    const t2 = list.workspaces.find((w: { slack_team_id: string }) => w.slack_team_id === 'T0002');
    expect(t2).toMatchObject({ connected: true });
    // a command from the disconnected workspace
    expect((await command('')).json().text).toBe(COMMAND_MESSAGES.notConnected);
  });

  it('app_uninstalled disconnects the workspace and deactivates its links', async () => {
    slack.teams
      .get('T0002')!
      .users.push({ id: 'U0TEACHER2', name: 'ada', email: teacher.input.email });
    const linked = await command(chemistry.id, {
      team: 'T0002',
      user: 'U0TEACHER2',
      channel: 'C0CHEM',
      channelName: 'chem',
    });
    expect(linked.json().text).toBe(COMMAND_MESSAGES.linked('Organic Chemistry', '#chem'));
    const res = await postEvent(
      eventCallback('Ev0UNINSTALL', 'T0002', { type: 'app_uninstalled' }),
    );
    expect(res.statusCode).toBe(200);
    await until(async () => {
      const rows = await t.db
        .selectFrom('slack_integrations as i')
        .innerJoin('slack_workspaces as w', 'w.id', 'i.workspace_id')
        .select(['i.is_active', 'w.bot_token_encrypted'])
        .where('w.slack_team_id', '=', 'T0002')
        .execute();
      return rows.length === 1 && !rows[0]!.is_active && rows[0]!.bot_token_encrypted === null;
    }, 'the uninstalled workspace to be disconnected');
  });
});
