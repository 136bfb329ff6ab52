import fs from 'node:fs/promises';
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
import { TAKEN_REACTION } from './slack-material.service.ts';

type Teacher = Awaited<ReturnType<typeof subscribedTeacher>>;

const TEAM = 'T0700';
const BOT = 'U0BOTT0700';
const channel = (id: string, name: string) => ({
  id,
  name,
  is_private: false,
  num_members: 20,
  is_member: true,
});

/**
 * A second teacher who installs the app in the same Slack workspace cannot take over a
 * channel another teacher's class is linked to. One channel of a workspace, one class.
 */
describe('a linked channel belongs to one class at a time', () => {
  let t: TestApp;
  let slack: FakeSlack;
  let ada: Teacher;
  let ben: Teacher;
  let adaClass: { id: string; class_name: string };
  let adaOther: { id: string; class_name: string };
  let benClass: { id: string; class_name: string };

  beforeAll(async () => {
    slack = await startFakeSlack();
    t = await createTestApp(slack.env());
    ada = await subscribedTeacher(t.app);
    ben = await subscribedTeacher(t.app);
    slack.addTeam({
      id: TEAM,
      name: 'Science Faculty',
      botUserId: BOT,
      channels: [
        channel('C0SHARED', 'bio-101'),
        channel('C0MINE', 'bio-lab'),
        channel('C0RACE1', 'race-1'),
        channel('C0RACE2', 'race-2'),
        channel('C0RACE3', 'race-3'),
        channel('C0FREED', 'freed'),
      ],
      users: [
        { id: 'U0ADA', name: 'ada', email: ada.input.email },
        { id: 'U0BEN', name: 'ben', email: ben.input.email },
        { id: 'U0STUDENT', name: 'sam', email: 'sam@student.uni.test' },
      ],
    });
    adaClass = await createClass(t.app, ada.auth, { class_name: 'Ada Biology' });
    adaOther = await createClass(t.app, ada.auth, { class_name: 'Ada Genetics' });
    benClass = await createClass(t.app, ben.auth, { class_name: 'Ben Chemistry' });
    // both teachers install the app into the same workspace
    await installSlackTeam(t.app, slack, TEAM, ada.auth);
    await installSlackTeam(t.app, slack, TEAM, ben.auth);
    await slackEventQueueReady(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const link = (who: Teacher, classId: string, channelId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: who.auth,
      payload: { integration_id: TEAM, class_id: classId, channel_id: channelId },
    });
  const integrations = async (who: Teacher) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/slack/integrations', headers: who.auth })
    ).json().data.integrations as {
      id: string;
      class_id: string;
      slack_channel_id: string;
      is_active: boolean;
    }[];
  const rowsOf = (channelId: string) =>
    t.db
      .selectFrom('slack_integrations')
      .select(['id', 'class_id', 'workspace_id'])
      .where('slack_channel_id', '=', channelId)
      .execute();
  const command = (user: string, channelId: string, text: string) =>
    signedSlackPost(
      t.app,
      slack,
      '/api/slack/commands',
      'application/x-www-form-urlencoded',
      new URLSearchParams({
        team_id: TEAM,
        channel_id: channelId,
        channel_name: 'bio-101',
        user_id: user,
        command: '/link-class',
        text,
      }).toString(),
    );

  let n = 0;
  async function event(body: Record<string, unknown>) {
    n += 1;
    const ts = `1700700${String(n).padStart(3, '0')}.000100`;
    const res = await signedSlackPost(
      t.app,
      slack,
      '/api/slack/events',
      'application/json',
      JSON.stringify({
        team_id: TEAM,
        api_app_id: 'A0FAKEAPP',
        type: 'event_callback',
        event_id: `Ev0OWNER${n}`,
        event_time: nowSeconds(),
        event: { ts, ...body },
      }),
    );
    expect(res.statusCode).toBe(200);
    return ts;
  }
  const conversationsOf = (classId: string) =>
    t.db
      .selectFrom('conversations')
      .select(['question', 'student_identifier'])
      .where('class_id', '=', classId)
      .execute();

  it("refuses another teacher's link to a linked channel with 409, naming neither class nor teacher", async () => {
    const first = await link(ada, adaClass.id, 'C0SHARED');
    expect(first.statusCode, first.body).toBe(201);
    const integrationId = first.json().data.id as string;

    const takeover = await link(ben, benClass.id, 'C0SHARED');
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      detail: SLACK_MESSAGES.channelTaken,
    });
    expect(SLACK_MESSAGES.channelTaken).toMatch(/already linked to another teacher's class/);
    expect(SLACK_MESSAGES.channelTaken).toMatch(/unlink/);
    for (const secret of [adaClass.class_name, ada.input.email, ada.input.last_name])
      expect(takeover.body).not.toContain(secret);

    // the owner's link is untouched and still active; the other teacher has none
    expect(await rowsOf('C0SHARED')).toEqual([
      expect.objectContaining({ id: integrationId, class_id: adaClass.id }),
    ]);
    expect(await integrations(ada)).toContainEqual(
      expect.objectContaining({
        id: integrationId,
        class_id: adaClass.id,
        slack_channel_id: 'C0SHARED',
        is_active: true,
      }),
    );
    expect(await integrations(ben)).toEqual([]);
  });

  it('/link-class typed by the other teacher in that channel is refused the same way', async () => {
    const res = await command('U0BEN', 'C0SHARED', benClass.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response_type: 'ephemeral', text: SLACK_MESSAGES.channelTaken });
    expect(await rowsOf('C0SHARED')).toEqual([expect.objectContaining({ class_id: adaClass.id })]);
  });

  it("mentions are answered from exactly the linked class and stored there; the owner's messages stay material", async () => {
    const ts = await event({
      type: 'app_mention',
      channel: 'C0SHARED',
      user: 'U0STUDENT',
      text: `<@${BOT}> when is the midterm?`,
    });
    await until(async () => slack.messages.some((m) => m.thread_ts === ts), 'the reply');
    expect(await conversationsOf(adaClass.id)).toEqual([
      { question: 'when is the midterm?', student_identifier: 'U0STUDENT' },
    ]);
    expect(await conversationsOf(benClass.id)).toEqual([]);

    const said = await event({
      type: 'message',
      channel: 'C0SHARED',
      user: 'U0ADA',
      text: 'The midterm is on October 15 in room 118.',
    });
    await until(
      async () => slack.reactions.some((r) => r.timestamp === said && r.name === TAKEN_REACTION),
      "the ✓ on the owner's message",
    );
    const contents = await t.db
      .selectFrom('slack_contents as sc')
      .innerJoin('contents as c', 'c.id', 'sc.content_id')
      .select('c.class_id')
      .where('sc.message_ts', '=', said)
      .execute();
    expect(contents).toEqual([{ class_id: adaClass.id }]);
  });

  it('two teachers linking one channel at the same moment: exactly one wins, one row', async () => {
    for (const ch of ['C0RACE1', 'C0RACE2', 'C0RACE3']) {
      const [a, b] = await Promise.all([link(ada, adaClass.id, ch), link(ben, benClass.id, ch)]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, `${ch}: ${a.body} ${b.body}`).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toMatchObject({ code: 'CONFLICT', detail: SLACK_MESSAGES.channelTaken });
      const winnerClass = a.statusCode === 201 ? adaClass.id : benClass.id;
      expect(await rowsOf(ch)).toEqual([expect.objectContaining({ class_id: winnerClass })]);
    }
  });

  it('a teacher moves their own channel to another of their classes (also twice at once)', async () => {
    const [before] = await rowsOf('C0SHARED');
    const moved = await link(ada, adaOther.id, 'C0SHARED');
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().data).toMatchObject({ id: before!.id, class_id: adaOther.id });
    expect(await rowsOf('C0SHARED')).toEqual([
      expect.objectContaining({ id: before!.id, class_id: adaOther.id }),
    ]);
    const ts = await event({
      type: 'app_mention',
      channel: 'C0SHARED',
      user: 'U0STUDENT',
      text: `<@${BOT}> where is the lab?`,
    });
    await until(async () => slack.messages.some((m) => m.thread_ts === ts), 'the reply');
    expect((await conversationsOf(adaOther.id)).map((c) => c.question)).toEqual([
      'where is the lab?',
    ]);

    const both = await Promise.all([
      link(ada, adaClass.id, 'C0MINE'),
      link(ada, adaOther.id, 'C0MINE'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await rowsOf('C0MINE');
    expect(rows).toHaveLength(1);
    expect([adaClass.id, adaOther.id]).toContain(rows[0]!.class_id);
  });

  it('once the owner unlinks it, another teacher may link the channel', async () => {
    const first = await link(ada, adaClass.id, 'C0FREED');
    expect(first.statusCode).toBe(201);
    expect((await link(ben, benClass.id, 'C0FREED')).statusCode).toBe(409);
    const unlink = await t.app.inject({
      method: 'DELETE',
      url: `/api/slack/integrations/${first.json().data.id}`,
      headers: ada.auth,
    });
    expect(unlink.statusCode).toBe(200);
    const now = await link(ben, benClass.id, 'C0FREED');
    expect(now.statusCode, now.body).toBe(201);
    expect(await rowsOf('C0FREED')).toEqual([expect.objectContaining({ class_id: benClass.id })]);
  });

  it('the database itself refuses a second link of a channel of a workspace', async () => {
    const [owned] = await rowsOf('C0SHARED');
    const benWorkspace = await t.db
      .selectFrom('slack_workspaces')
      .select('id')
      .where('teacher_id', '=', ben.user.id)
      .executeTakeFirstOrThrow();
    await expect(
      sql`INSERT INTO slack_integrations (workspace_id, slack_team_id, class_id, slack_channel_id)
          VALUES (${benWorkspace.id}, ${TEAM}, ${benClass.id}, 'C0SHARED')`.execute(t.db),
    ).rejects.toMatchObject({ code: '23505' });
    // nor can a link claim another team than its workspace's
    await expect(
      sql`INSERT INTO slack_integrations (workspace_id, slack_team_id, class_id, slack_channel_id)
          VALUES (${benWorkspace.id}, 'T0ELSEWHERE', ${benClass.id}, 'C0SHARED')`.execute(t.db),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await rowsOf('C0SHARED')).toEqual([expect.objectContaining({ id: owned!.id })]);
  });

  it('migration 028 keeps the earliest link of a channel several teachers linked, deterministically', async () => {
    const migration = await fs.readFile(
      new URL('../../db/migrations/028_slack_channel_owner.sql', import.meta.url),
      'utf8',
    );
    const workspaceOf = async (who: Teacher) =>
      (
        await t.db
          .selectFrom('slack_workspaces')
          .select('id')
          .where('teacher_id', '=', who.user.id)
          .executeTakeFirstOrThrow()
      ).id;
    const [adaWs, benWs] = [await workspaceOf(ada), await workspaceOf(ben)];
    const rollback = new Error('rolled back on purpose');
    const result = t.db.transaction().execute(async (trx) => {
      // the schema as it was before 028, with the duplicates it allowed
      await sql`
        ALTER TABLE slack_integrations DROP CONSTRAINT slack_integrations_team_channel_key;
        ALTER TABLE slack_integrations DROP CONSTRAINT slack_integrations_workspace_team_fkey;
        ALTER TABLE slack_integrations DROP COLUMN slack_team_id;
        ALTER TABLE slack_workspaces DROP CONSTRAINT slack_workspaces_id_team_key;
        ALTER TABLE slack_integrations
          ADD CONSTRAINT slack_integrations_workspace_id_slack_channel_id_key
          UNIQUE (workspace_id, slack_channel_id);
      `.execute(trx);
      const insert = async (ws: string, cls: string, ch: string, at: string, id?: string) => {
        const row = await sql<{ id: string }>`
          INSERT INTO slack_integrations (id, workspace_id, class_id, slack_channel_id, created_at)
          VALUES (COALESCE(${id ?? null}::uuid, gen_random_uuid()), ${ws}, ${cls}, ${ch}, ${at})
          RETURNING id`.execute(trx);
        return row.rows[0]!.id;
      };
      // Ben linked C0OLD1 first, then Ada took it over: Ben keeps it
      const ben1 = await insert(benWs, benClass.id, 'C0OLD1', '2026-01-01T00:00:00Z');
      await insert(adaWs, adaClass.id, 'C0OLD1', '2026-02-01T00:00:00Z');
      // Ada first on C0OLD2, Ben's takeover (with an authorized user) goes
      const ada2 = await insert(adaWs, adaClass.id, 'C0OLD2', '2026-01-01T00:00:00Z');
      const ben2 = await insert(benWs, benClass.id, 'C0OLD2', '2026-03-01T00:00:00Z');
      await sql`INSERT INTO slack_authorized_users (integration_id, email)
                VALUES (${ben2}, 'ta@uni.test')`.execute(trx);
      // the same instant: the smaller id keeps it
      const low = '00000000-0000-4000-8000-000000000001';
      const high = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
      await insert(benWs, benClass.id, 'C0OLD3', '2026-01-01T00:00:00Z', high);
      await insert(adaWs, adaClass.id, 'C0OLD3', '2026-01-01T00:00:00Z', low);

      await sql.raw(migration).execute(trx);

      const kept = await sql<{ slack_channel_id: string; id: string; slack_team_id: string }>`
        SELECT slack_channel_id, id, slack_team_id FROM slack_integrations
         WHERE slack_channel_id LIKE 'C0OLD%' ORDER BY slack_channel_id`.execute(trx);
      expect(kept.rows).toEqual([
        { slack_channel_id: 'C0OLD1', id: ben1, slack_team_id: TEAM },
        { slack_channel_id: 'C0OLD2', id: ada2, slack_team_id: TEAM },
        { slack_channel_id: 'C0OLD3', id: low, slack_team_id: TEAM },
      ]);
      const orphans = await sql`SELECT 1 FROM slack_authorized_users
                                 WHERE integration_id = ${ben2}`.execute(trx);
      expect(orphans.rows).toEqual([]);
      // the links made through the API before are all still there
      const others = await sql<{ n: string }>`SELECT count(*) AS n FROM slack_integrations
                                    WHERE slack_channel_id NOT LIKE 'C0OLD%'`.execute(trx);
      expect(Number(others.rows[0]!.n)).toBeGreaterThan(0);
      throw rollback;
    });
    await expect(result).rejects.toBe(rollback);
    expect(await rowsOf('C0OLD1')).toEqual([]);
  });
});
