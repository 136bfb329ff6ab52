import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { COMMAND_MESSAGES, MENTION_MESSAGES, questionOfMention } from './slack-inbound.service.ts';
import { slackReplyText } from './slack-text.ts';

const SYLLABUS = `# BIO 101: Introduction to Cell Biology

## Grading
| Component | Weight |
| Homework | 20% |
| Midterm exam | 30% |
| Final exam | 40% |
| Participation | 10% |

## Schedule
The midterm exam is on Thursday, October 15 in class. The final exam is on December 10 at 9:00 am.

## Lab safety
Wear safety goggles in every lab session. Closed shoes are required, and food & drink stay outside the lab.`;

const BOT = 'U0BOTT0100';

describe('questionOfMention', () => {
  it('removes the bot mention and undoes Slack escapes', () => {
    expect(questionOfMention(`<@${BOT}> when is the  midterm?`, BOT)).toBe('when is the midterm?');
    expect(questionOfMention(`hey <@${BOT}|syllabot>, is A &amp; B &lt; C?`, BOT)).toBe(
      'hey , is A & B < C?',
    );
    expect(questionOfMention(`<@${BOT}>   `, BOT)).toBe('');
    expect(questionOfMention('<@U0ANY> what?', null)).toBe('what?');
    // another member mentioned in the question stays
    expect(questionOfMention(`<@${BOT}> ask <@U0ADA>`, BOT)).toBe('ask <@U0ADA>');
  });
});

describe('asking the assistant by mentioning the bot (the loopback fake)', () => {
  let t: TestApp;
  let slack: FakeSlack;
  let cls: { id: string; class_name: string };
  let teacherAuth: Record<string, string>;

  beforeAll(async () => {
    slack = await startFakeSlack();
    t = await createTestApp(slack.env());
    const teacher = await subscribedTeacher(t.app);
    teacherAuth = teacher.auth;
    slack.addTeam({
      id: 'T0100',
      name: 'Biology Dept',
      botUserId: BOT,
      channels: [
        { id: 'C0LINKED', name: 'bio-101', is_private: false, num_members: 12, is_member: true },
        { id: 'C0RANDOM', name: 'random', is_private: false, num_members: 40, is_member: true },
      ],
      users: [{ id: 'U0TEACHER', name: 'ada', email: teacher.input.email }],
    });
    cls = await createClass(t.app, teacher.auth);
    await t.app.inject({
      method: 'POST',
      url: '/api/content/syllabus',
      headers: teacher.auth,
      payload: { class_id: cls.id, title: 'Syllabus', content: SYLLABUS },
    });
    await installSlackTeam(t.app, slack, 'T0100', teacher.auth);
    const form = new URLSearchParams({
      team_id: 'T0100',
      channel_id: 'C0LINKED',
      channel_name: 'bio-101',
      user_id: 'U0TEACHER',
      command: '/link-class',
      text: cls.id,
    }).toString();
    const linked = await signedPost(
      '/api/slack/commands',
      'application/x-www-form-urlencoded',
      form,
    );
    expect(linked.json().text).toBe(COMMAND_MESSAGES.linked(cls.class_name, '#bio-101'));
    await slackEventQueueReady(t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
  });

  const signedPost = (url: string, type: string, body: string) =>
    signedSlackPost(t.app, slack, url, type, body);

  let n = 0;
  async function mention(channel: string, text: string, extra: Record<string, unknown> = {}) {
    n += 1;
    const ts = `1700100${String(n).padStart(3, '0')}.000200`;
    const res = await signedPost(
      '/api/slack/events',
      'application/json',
      JSON.stringify({
        team_id: 'T0100',
        api_app_id: 'A0FAKEAPP',
        type: 'event_callback',
        event_id: `Ev0MENTION${n}`,
        event_time: nowSeconds(),
        event: { type: 'app_mention', channel, user: 'U0STUDENT', text, ts, ...extra },
      }),
    );
    expect(res.statusCode).toBe(200);
    return ts;
  }

  /** The bot's reply in the thread of `threadTs`, once the job posted it. */
  async function replyIn(threadTs: string) {
    await until(
      async () => slack.messages.some((m) => m.thread_ts === threadTs),
      `a reply in thread ${threadTs}`,
    );
    const replies = slack.messages.filter((m) => m.thread_ts === threadTs);
    expect(replies).toHaveLength(1);
    return replies[0]!;
  }

  it('answers a mention in a linked channel in its thread, naming the sources, and stores it', async () => {
    const ts = await mention('C0LINKED', `<@${BOT}> how much is the final worth?`);
    const reply = await replyIn(ts);
    expect(reply.channel).toBe('C0LINKED');
    expect(reply.text).toContain('40%');
    expect(reply.text.split('\n').at(-1)).toBe(MENTION_MESSAGES.sources(['Syllabus']));
    expect(reply.text).not.toContain(`<@${BOT}>`);

    const rows = await t.db
      .selectFrom('conversations')
      .selectAll()
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      question: 'how much is the final worth?',
      student_identifier: 'U0STUDENT',
      source_type: 'syllabus',
    });
    expect(reply.text).toBe(
      `${slackReplyText(rows[0]!)}\n\n${MENTION_MESSAGES.sources(['Syllabus'])}`,
    );
    // Student Conversations shows it
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${cls.id}`,
      headers: teacherAuth,
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('how much is the final worth?');
    expect(JSON.stringify(list.json())).toContain('U0STUDENT');
  });

  it('posts an excerpt as Slack quotes: the lead as it is, the passage after "> ", its best sentence bold, escaped', async () => {
    const ts = await mention('C0LINKED', `<@${BOT}> do I need goggles in the lab?`);
    const reply = await replyIn(ts);
    const row = await t.db
      .selectFrom('conversations')
      .select(['response', 'kind'])
      .where('class_id', '=', cls.id)
      .where('question', '=', 'do I need goggles in the lab?')
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('excerpt');
    const [said, sources] = reply.text.split('\n\n');
    expect(sources).toBe(MENTION_MESSAGES.sources(['Syllabus']));
    expect(said).toBe(slackReplyText(row));
    // every line of the passage is a Slack quote; nothing of the web's marks is left
    const quoted = said!.split('\n').filter((line) => line.startsWith('> '));
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.join('\n')).toContain('goggles');
    expect(said).not.toContain('**');
    expect(said).toContain('&amp;');
    expect(said).not.toMatch(/ & /);
  });

  it('replies in the existing thread when the mention is inside one', async () => {
    const parent = '1700099999.000100';
    await mention('C0LINKED', `<@${BOT}> when is the midterm?`, { thread_ts: parent });
    const reply = await replyIn(parent);
    expect(reply.text).toContain('October 15');
  });

  it('tells a channel that is not linked to use /link-class, and stores nothing', async () => {
    const before = await t.db.selectFrom('conversations').select('id').execute();
    const ts = await mention('C0RANDOM', `<@${BOT}> when is the midterm?`);
    const reply = await replyIn(ts);
    expect(reply).toMatchObject({ channel: 'C0RANDOM', text: MENTION_MESSAGES.notLinked });
    expect(reply.text).toContain('/link-class');
    expect(await t.db.selectFrom('conversations').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('answers an empty mention with a short help, storing nothing', async () => {
    const before = await t.db.selectFrom('conversations').select('id').execute();
    const ts = await mention('C0LINKED', `<@${BOT}>  `);
    const reply = await replyIn(ts);
    expect(reply.text).toBe(MENTION_MESSAGES.help(cls.class_name));
    expect(await t.db.selectFrom('conversations').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});
