import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MAX_FILE_BYTES, type ContentItem } from '@app/contracts';
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
import { MESSAGES as EXTRACTION_MESSAGES } from '../extraction/errors.ts';
import { MATERIAL_MESSAGES, TAKEN_REACTION } from './slack-material.service.ts';
import { plainTextOfSlack } from './slack-text.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url));

const TEAM = 'T0200';
const BOT = 'U0BOTT0200';
const CHANNEL = 'C0COURSE';

describe('plainTextOfSlack', () => {
  it('turns Slack markup into the text a student reads', () => {
    expect(plainTextOfSlack('Slides: <https://uni.edu/s.pdf|week 3 slides> &amp; more')).toBe(
      'Slides: week 3 slides (https://uni.edu/s.pdf) & more',
    );
    expect(plainTextOfSlack('<!here> see <#C0X|exams> and <mailto:ta@uni.edu|ta@uni.edu>')).toBe(
      '@here see #exams and ta@uni.edu',
    );
    expect(plainTextOfSlack('<https://uni.edu>  \nA &lt; B')).toBe('https://uni.edu\nA < B');
  });
});

describe('material from a linked channel (the loopback fake)', () => {
  let t: TestApp;
  let slack: FakeSlack;
  let cls: { id: string; class_name: string };
  let teacherAuth: Record<string, string>;
  let otherAuth: Record<string, string>;

  beforeAll(async () => {
    slack = await startFakeSlack();
    t = await createTestApp(slack.env());
    const teacher = await subscribedTeacher(t.app);
    teacherAuth = teacher.auth;
    otherAuth = (await subscribedTeacher(t.app)).auth;
    slack.addTeam({
      id: TEAM,
      name: 'Chemistry Dept',
      botUserId: BOT,
      channels: [
        { id: CHANNEL, name: 'chem-201', is_private: false, num_members: 30, is_member: true },
        { id: 'C0OTHER', name: 'random', is_private: false, num_members: 50, is_member: true },
      ],
      users: [
        { id: 'U0TEACHER', name: 'marie', email: teacher.input.email },
        { id: 'U0TA', name: 'pierre', email: 'Pierre.TA@uni.test' },
        { id: 'U0STUDENT', name: 'sam', email: 'sam@student.uni.test' },
      ],
    });
    cls = await createClass(t.app, teacher.auth);
    await installSlackTeam(t.app, slack, TEAM, teacher.auth);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/slack/integrations/link-class',
      headers: teacher.auth,
      payload: { class_id: cls.id, channel_id: CHANNEL },
    });
    expect(link.statusCode, link.body).toBe(201);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/slack/integrations/${link.json().data.id}/users`,
      headers: teacher.auth,
      payload: { email: 'pierre.ta@uni.test' },
    });
    expect(added.statusCode, added.body).toBe(201);
    await slackEventQueueReady(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  let n = 0;
  /** Delivers a `message` event as Slack does; answers the message's ts. */
  async function deliver(event: Record<string, unknown>, eventId?: string) {
    n += 1;
    const ts = (event.ts as string | undefined) ?? `1700200${String(n).padStart(3, '0')}.000100`;
    const res = await signedSlackPost(
      t.app,
      slack,
      '/api/slack/events',
      'application/json',
      JSON.stringify({
        team_id: TEAM,
        api_app_id: 'A0FAKEAPP',
        type: 'event_callback',
        event_id: eventId ?? `Ev0MATERIAL${n}`,
        event_time: nowSeconds(),
        event: { type: 'message', channel: CHANNEL, ts, ...event },
      }),
    );
    expect(res.statusCode).toBe(200);
    return ts;
  }

  const contents = async (auth = teacherAuth): Promise<ContentItem[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/content/class/${cls.id}`,
      headers: auth,
    });
    return res.statusCode === 200 ? res.json().data.contents : [];
  };
  const reacted = (ts: string) =>
    slack.reactions.some((r) => r.timestamp === ts && r.name === TAKEN_REACTION);
  const repliesIn = (ts: string) => slack.messages.filter((m) => m.thread_ts === ts);
  /** Waits until every event sent so far has been worked on (its job completed or failed). */
  const settled = () =>
    until(async () => {
      const res = await t.db
        .selectFrom('pgboss.job' as never)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('name' as never, '=', 'slack-event' as never)
        .where('state' as never, 'in', ['created', 'retry', 'active'] as never)
        .executeTakeFirstOrThrow();
      return Number(res.n) === 0;
    }, 'the slack-event jobs');

  it("takes the teacher's PDF: downloaded with the bot token, read, an 'additional' item with its origin, and a ✓", async () => {
    const file = slack.addFile(TEAM, {
      name: 'Lab safety.pdf',
      data: fixture('text.pdf'),
      mimetype: 'application/pdf',
    });
    const ts = await deliver({
      subtype: 'file_share',
      user: 'U0TEACHER',
      text: '',
      files: [{ id: file.id }],
    });
    await until(async () => reacted(ts), 'the ✓ on the shared file');
    const item = (await contents()).find((c) => c.file_name === 'Lab safety.pdf');
    expect(item).toMatchObject({
      title: 'Lab safety',
      content_type: 'additional',
      status: 'ready',
      origin: {
        source: 'slack',
        channel_id: CHANNEL,
        channel_name: 'chem-201',
        shared_by: 'U0TEACHER',
      },
    });
    const full = await t.app.inject({
      method: 'GET',
      url: `/api/content/${item!.id}`,
      headers: teacherAuth,
    });
    expect(full.json().data.content.content).toContain('Photosynthesis');
    const download = slack.calls.find((c) => c.method === 'files.download');
    expect(download).toMatchObject({ ok: true, token: slack.tokenOf(TEAM) });
    expect(repliesIn(ts)).toEqual([]);
    // the teacher alone sees it
    expect(await contents(otherAuth)).toEqual([]);
  });

  it("takes an authorized member's announcement as 'other' text titled by channel and date; the same message again adds nothing", async () => {
    const ts = '1700000000.000200'; // 14 Nov 2023
    const event = {
      user: 'U0TA',
      text: 'Exam 2 moves to *Friday*, room &lt;B12&gt;. Slides: <https://uni.edu/w3.pdf|week 3>',
      ts,
    };
    await deliver(event);
    await until(async () => reacted(ts), 'the ✓ on the announcement');
    // Slack delivering the message again under another event id changes nothing
    await deliver(event);
    await settled();
    const items = (await contents()).filter((c) => c.content_type === 'other');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: '#chem-201 · Nov 14, 2023',
      origin: { source: 'slack', shared_by: 'U0TA' },
    });
    const full = await t.app.inject({
      method: 'GET',
      url: `/api/content/${items[0]!.id}`,
      headers: teacherAuth,
    });
    expect(full.json().data.content.content).toBe(
      'Exam 2 moves to *Friday*, room <B12>. Slides: week 3 (https://uni.edu/w3.pdf)',
    );
  });

  it('an edited message updates its item; a deleted one removes it', async () => {
    const ts = await deliver({ user: 'U0TEACHER', text: 'Office hours are on Monday at 3 pm.' });
    await until(async () => reacted(ts), 'the ✓');
    const find = async () =>
      (await contents()).find(
        (c) => c.origin?.shared_by === 'U0TEACHER' && c.content_type === 'other',
      );
    const item = (await find())!;
    await deliver({
      subtype: 'message_changed',
      message: {
        type: 'message',
        user: 'U0TEACHER',
        text: 'Office hours move to Tuesday at 4 pm.',
        ts,
      },
      previous_message: {
        type: 'message',
        user: 'U0TEACHER',
        text: 'Office hours are on Monday at 3 pm.',
        ts,
      },
    });
    const text = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/content/${item.id}`, headers: teacherAuth })
      ).json().data?.content?.content;
    await until(async () => (await text()) === 'Office hours move to Tuesday at 4 pm.', 'the edit');
    await deliver({ subtype: 'message_deleted', deleted_ts: ts, previous_message: { ts } });
    await until(async () => (await find()) === undefined, 'the delete');
  });

  it("ignores anyone else's messages and files, the bot's own, thread replies and questions to the bot", async () => {
    const before = (await contents()).length;
    const stranger = slack.addFile(TEAM, { name: 'notes.txt', data: fixture('notes.txt') });
    const sent = [
      await deliver({ user: 'U0STUDENT', text: 'Is the exam open book?' }),
      await deliver({ subtype: 'file_share', user: 'U0STUDENT', files: [{ id: stranger.id }] }),
      await deliver({ user: BOT, text: 'Linked this channel.' }),
      await deliver({ subtype: 'bot_message', bot_id: 'B0OTHER', text: 'Build passed' }),
      await deliver({
        user: 'U0TEACHER',
        text: 'Yes, one page of notes.',
        thread_ts: '1700000000.000200',
      }),
      await deliver({ user: 'U0TEACHER', text: `<@${BOT}> when is the final?` }),
      await deliver({ user: 'U0TEACHER', text: 'Unlinked channel', channel: 'C0OTHER' }),
      await deliver({ user: 'U0TEACHER', text: '👍' }),
    ];
    await settled();
    expect(await contents()).toHaveLength(before);
    expect(sent.filter(reacted)).toEqual([]);
    // nobody's file was downloaded
    expect(
      slack.calls.filter((c) => c.method === 'files.download' && c.params.file === stranger.id),
    ).toEqual([]);
  });

  it('a refused file gets a thread reply saying why, and nothing is kept', async () => {
    const before = (await contents()).length;
    const damaged = slack.addFile(TEAM, { name: 'week4.pdf', data: fixture('damaged.pdf') });
    const huge = slack.addFile(TEAM, {
      name: 'lectures.zip.pdf',
      data: Buffer.from('%PDF-1.4'),
      size: CONTENT_MAX_FILE_BYTES + 1,
    });
    const exe = slack.addFile(TEAM, { name: 'setup.exe', data: Buffer.from('MZ\x90\x00binary') });
    const tsDamaged = await deliver({
      subtype: 'file_share',
      user: 'U0TEACHER',
      files: [{ id: damaged.id }],
    });
    const tsHuge = await deliver({ subtype: 'file_share', user: 'U0TA', files: [{ id: huge.id }] });
    const tsExe = await deliver({
      subtype: 'file_share',
      user: 'U0TEACHER',
      files: [{ id: exe.id }],
    });
    await until(
      async () => [tsDamaged, tsHuge, tsExe].every((ts) => repliesIn(ts).length === 1),
      'the three thread replies',
    );
    expect(repliesIn(tsDamaged)[0]!.text).toMatch(
      /^I could not add \*week4\.pdf\* to the course material: /,
    );
    expect(repliesIn(tsHuge)[0]!.text).toBe(MATERIAL_MESSAGES.tooLarge('lectures.zip.pdf'));
    expect(repliesIn(tsExe)[0]!.text).toBe(
      MATERIAL_MESSAGES.refused('setup.exe', EXTRACTION_MESSAGES.unsupported),
    );
    // the size Slack declared was enough: the large file was never downloaded
    expect(
      slack.calls.some((c) => c.method === 'files.download' && c.params.file === huge.id),
    ).toBe(false);
    await settled();
    expect(await contents()).toHaveLength(before);
    expect([tsDamaged, tsHuge, tsExe].some(reacted)).toBe(false);
    const leftovers = await t.db
      .selectFrom('uploads')
      .select('id')
      .where('content_id', 'is', null)
      .execute();
    expect(leftovers).toEqual([]);
  });

  it('a file deleted from the channel with its message leaves the class', async () => {
    const file = slack.addFile(TEAM, {
      name: 'reading list.txt',
      data: Buffer.from('Read chapter 4 on kinetics before week 5.'),
    });
    const ts = await deliver({ subtype: 'file_share', user: 'U0TA', files: [{ id: file.id }] });
    await until(async () => reacted(ts), 'the ✓');
    expect((await contents()).some((c) => c.title === 'reading list')).toBe(true);
    await deliver({ subtype: 'message_deleted', deleted_ts: ts });
    await until(
      async () => !(await contents()).some((c) => c.title === 'reading list'),
      'the delete',
    );
  });
});
