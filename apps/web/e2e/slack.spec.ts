import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  signIn,
  test,
  gotoAfterSignIn,
} from './fixtures';
import { syllabusPdf } from './support/syllabus-pdf';

/**
 * The fake Slack process global-setup started (apps/api/test/fakes/slack-server.ts): workspaces
 * and files are added, and Slack's signed events delivered, through its control server.
 */
async function control<T>(route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${process.env.E2E_SLACK_CONTROL}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

type SlackState = {
  messages: { team: string; channel: string; text: string; ts: string; thread_ts?: string }[];
  reactions: { team: string; channel: string; timestamp: string; name: string }[];
};

/** Slack delivering one Events API event to our server, signed with the app's secret. */
async function deliver(teamId: string, event: Record<string, unknown>) {
  const answer = await control<{ status: number; body: string }>('/events', {
    events_url: `${process.env.E2E_BASE_URL}/api/slack/events`,
    payload: {
      type: 'event_callback',
      team_id: teamId,
      api_app_id: 'A0FAKEAPP',
      event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
      event_time: Math.floor(Date.now() / 1000),
      event,
    },
  });
  expect(answer, 'our server acknowledges a signed event').toMatchObject({ status: 200 });
}

const slackState = () => control<SlackState>('/state');
/** A message timestamp as Slack writes them, unique to this run. */
const slackTs = (n: number) => `${Math.floor(Date.now() / 1000)}.${String(n).padStart(6, '0')}`;

const SYLLABUS = `# Cell Biology Syllabus

This course introduces the structure and function of cells, from membranes to metabolism.

# Grading

Your final grade is made of lab reports (30%), the midterm exam (30%) and the final exam (40%).
`;

const QUESTION = 'What is the required textbook?';

test.describe('the team-chat integration', () => {
  test('a teacher connects a workspace and links a channel; a file shared there becomes course material and a student mention is answered in the thread', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const teacher = await createTeacher('active');
    const token = await apiToken(request, teacher);
    const className = 'Cell Biology';
    await createClassWithSyllabus(request, token, {
      className,
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });

    // a workspace of its own (workers share the fake) with the teacher, a student and a channel
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const teamId = `TE2E${suffix}`;
    const botUser = `U0BOT${suffix}`;
    const teacherUser = `U0TCH${suffix}`;
    const studentUser = `U0STU${suffix}`;
    const channel = `C0E2E${suffix}`;
    await control('/teams', {
      id: teamId,
      name: `Biology Department ${suffix}`,
      botUserId: botUser,
      channels: [
        { id: channel, name: 'course-chat', is_private: false, num_members: 3, is_member: true },
      ],
      users: [
        { id: teacherUser, name: 'grace', real_name: 'Grace Hopper', email: teacher.email },
        { id: studentUser, name: 'sam', real_name: 'Sam Student', email: 'sam@student.test' },
      ],
      // the fake's authorize page installs this workspace
      authorize: true,
    });

    // Integrations → Slack's authorize page → our OAuth callback → Workspace connected
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);
    await gotoAfterSignIn(page, '/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await page.getByRole('button', { name: 'Connect to the team-chat service' }).click();
    await page.waitForURL('**/install-success');
    await expect(page.getByRole('heading', { name: 'Workspace connected' })).toBeVisible();
    // the page moves on to /integrations by itself after 3 s (SPEC), however long a check here
    // would take on a busy machine: wait for that rather than race it to Complete Setup
    await page.waitForURL((url) => url.pathname === '/integrations', { timeout: 15_000 });
    const workspace = page.getByRole('listitem').filter({ hasText: `Team ID: ${teamId}` });
    await expect(workspace).toContainText(`Biology Department ${suffix}`);
    await expect(workspace).toContainText('Connected');

    // link the class to #course-chat with the form
    await page.getByRole('combobox', { name: 'Class', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(className) }).click();
    await page.getByRole('combobox', { name: 'Channel', exact: true }).click();
    await page.getByRole('option', { name: /#course-chat/ }).click();
    await page.getByRole('button', { name: 'Create Class-Channel Link' }).click();
    await expect(page.getByText(`${className} is linked to #course-chat.`)).toBeVisible();
    await expect(workspace).toContainText('1 active integration');
    // the bot says so in the channel
    await expect
      .poll(async () =>
        (await slackState()).messages
          .filter((m) => m.team === teamId && m.channel === channel && !m.thread_ts)
          .map((m) => m.text),
      )
      .toEqual([expect.stringContaining(`This channel is now linked to *${className}*`)]);
    await expectAccessible(page);

    // the teacher shares a PDF in the channel: the bot takes it and reacts with a check mark
    const { id: fileId } = await control<{ id: string }>('/files', {
      team: teamId,
      name: 'exams-and-textbook.pdf',
      title: 'Exams and Textbook',
      mimetype: 'application/pdf',
      data_base64: syllabusPdf().toString('base64'),
    });
    const shareTs = slackTs(200);
    await deliver(teamId, {
      type: 'message',
      subtype: 'file_share',
      channel,
      channel_type: 'channel',
      user: teacherUser,
      ts: shareTs,
      text: '',
      files: [{ id: fileId }],
    });
    await expect
      .poll(
        async () =>
          (await slackState()).reactions.filter(
            (r) => r.team === teamId && r.timestamp === shareTs,
          ),
        { timeout: 60_000, message: 'the bot reacts to the shared file' },
      )
      .toEqual([{ team: teamId, channel, timestamp: shareTs, name: 'white_check_mark' }]);
    // nothing was refused in the file's thread
    expect((await slackState()).messages.filter((m) => m.thread_ts === shareTs)).toEqual([]);

    // Review Course lists the file and where it was shared
    await page.goto('/dashboard');
    await page
      .getByRole('article', { name: className })
      .getByRole('button', { name: 'Review course' })
      .click();
    const review = page.getByRole('dialog', { name: 'Review Course' });
    await expect(review.getByText('Additional Content (1)')).toBeVisible();
    const shared = review.getByRole('article', { name: 'Exams and Textbook' });
    await expect(shared).toContainText('Shared in Slack · #course-chat');
    await expect(shared.getByRole('button', { name: 'View Exams and Textbook' })).toBeVisible();
    await expect(review.getByRole('article', { name: 'Course Syllabus' })).not.toContainText(
      'Shared in Slack',
    );
    await expectAccessible(page);
    // E2E_SCREENSHOT_DIR keeps pictures of both widths to look at
    const shots = process.env.E2E_SCREENSHOT_DIR;
    if (shots) await page.screenshot({ path: path.join(shots, 'slack-review-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(shared).toContainText('Shared in Slack · #course-chat');
    if (shots) await page.screenshot({ path: path.join(shots, 'slack-review-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    // a student mentions the bot: the answer, from the shared file, goes in the thread
    const mentionTs = slackTs(300);
    await deliver(teamId, {
      type: 'app_mention',
      channel,
      user: studentUser,
      ts: mentionTs,
      text: `<@${botUser}> ${QUESTION}`,
    });
    await expect
      .poll(
        async () =>
          (await slackState()).messages.filter(
            (m) => m.team === teamId && m.thread_ts === mentionTs,
          ).length,
        { timeout: 60_000, message: 'the bot answers in the thread' },
      )
      .toBe(1);
    const reply = (await slackState()).messages.find((m) => m.thread_ts === mentionTs)!;
    expect(reply.channel).toBe(channel);
    expect(reply.text).not.toContain('not linked to a class');
    expect(reply.text).toContain('Molecular Biology of the Cell');
    expect(reply.text).toContain('Exams and Textbook');

    // the teacher reads that conversation in Student Conversations
    await page.goto('/chats');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Student Conversations' }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Conversations' });
    await expect(list.getByRole('listitem').filter({ hasText: QUESTION })).toHaveCount(1);
    await expectAccessible(page);
  });
});
