import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  signIn,
  startTrial,
  test,
} from './fixtures';

const SYLLABUS = `BIOL 201: Introduction to Cell Biology

Instructor
Dr. Maria Lopez, maria.lopez@uni.test

Office Hours
Office hours are Tuesdays 2:00-4:00 PM in Room 310 of Hale Hall.

Exams
The midterm exam is on October 14. The final exam is on December 12 at 9:00 AM.

Late Work
Late assignments lose 10% per day and are not accepted after three days.`;

const NAME = 'Introduction to Cell Biology';
const shots = process.env.E2E_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!shots) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
}

test.describe('a teacher’s second semester @mobile', () => {
  test('corrects the course facts, copies the class to next term with that work, and tells the two apart', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const year = new Date().getFullYear();
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    await createClassWithSyllabus(request, token, {
      className: NAME,
      syllabusTitle: 'Syllabus',
      syllabus: SYLLABUS,
      fields: { course_code: 'BIOL 201', semester: 'Fall', year },
    });
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard/);

    // item 3: a fact corrected in every part, one hidden (with Undo in its place), one added
    const card = page.getByRole('article', { name: NAME });
    await card.getByRole('button', { name: 'Review course' }).click();
    const review = page.getByRole('dialog', { name: 'Review Course' });
    await review.getByRole('tab', { name: 'Course facts' }).click();
    const late = review.getByRole('listitem', { name: 'Late work · Summary' });
    await late.getByRole('button', { name: /^Edit / }).click();
    const correct = page.getByRole('dialog', { name: 'Correct this fact' });
    await expect(correct.getByLabel('Value')).toBeFocused();
    await correct.getByLabel('Attribute').fill('Penalty');
    await correct.getByLabel('Value').fill('10% a day, and not accepted after three days');
    await shot(page, 'facts-correct-every-part');
    await correct.getByRole('button', { name: 'Save' }).click();
    await expect(correct).toBeHidden();
    const corrected = review.getByRole('listitem', { name: 'Late work · Penalty' });
    await expect(corrected).toContainText('10% a day, and not accepted after three days');
    await expect(corrected).toContainText('Your correction');
    await expect(corrected.getByRole('button', { name: /^Edit / })).toBeFocused();

    const email = review.getByRole('listitem', { name: /· Email$/ }).first();
    await email.getByRole('button', { name: /^Hide / }).click();
    await page
      .getByRole('dialog', { name: 'Hide this fact from students?' })
      .getByRole('button', { name: 'Hide fact' })
      .click();
    const undo = review.getByRole('button', { name: /^Undo hiding / });
    await expect(undo).toBeFocused();
    await expectAccessible(page);
    await shot(page, 'facts-hidden-undo');
    await page.keyboard.press('Enter');
    await expect(review.getByText('maria.lopez@uni.test')).toBeVisible();
    await review
      .getByRole('listitem', { name: /· Email$/ })
      .first()
      .getByRole('button', { name: /^Hide / })
      .click();
    await page
      .getByRole('dialog', { name: 'Hide this fact from students?' })
      .getByRole('button', { name: 'Hide fact' })
      .click();
    await expect(review.getByRole('button', { name: /^Undo hiding / })).toBeFocused();

    await review.getByRole('button', { name: 'Add a fact' }).click();
    const add = page.getByRole('dialog', { name: 'Add a fact' });
    await add.getByLabel('Kind').selectOption('policy');
    await add.getByLabel('Subject').fill('Course');
    await add.getByLabel('Attribute').fill('Phones');
    await add.getByLabel('Value').fill('Phones stay in bags during exams.');
    await add.getByRole('button', { name: 'Add fact' }).click();
    await expect(add).toBeHidden();
    await expect(review.getByText('Phones stay in bags during exams.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();

    // item 2: Copy Class to next spring keeps that work
    await card.getByRole('button', { name: `More actions for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Copy class' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy Class' });
    await copy.getByLabel('Class Name').fill(NAME);
    await copy.getByLabel('Semester').selectOption('Spring');
    await copy.getByLabel('Year').selectOption(String(year + 1));
    await copy.getByRole('button', { name: 'Copy Class' }).click();
    await expect(copy).toBeHidden({ timeout: 30_000 });

    // item 1: two classes of one name, told apart by their term
    const cards = page.getByRole('article', { name: NAME });
    await expect(cards).toHaveCount(2);
    const spring = page
      .getByRole('region', { name: new RegExp(`Spring ${year + 1}`) })
      .getByRole('article', { name: NAME });
    await expect(spring).toContainText(`Spring ${year + 1}`);
    await shot(page, 'dashboard-two-terms');

    // item 3: the copy's details are edited after creation
    await spring.getByRole('button', { name: `More actions for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Edit class' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit class' });
    await edit.getByLabel(/Course code/).fill('BIOL 201H');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(spring).toContainText('BIOL 201H');
    await expect(spring.getByRole('button', { name: `More actions for ${NAME}` })).toBeFocused();

    await spring.getByRole('button', { name: 'Review course' }).click();
    const copied = page.getByRole('dialog', { name: 'Review Course' });
    await copied.getByRole('tab', { name: 'Course facts' }).click();
    await expect(copied.getByRole('listitem', { name: 'Late work · Penalty' })).toContainText(
      '10% a day, and not accepted after three days',
      { timeout: 20_000 },
    );
    await expect(copied.getByText('Phones stay in bags during exams.')).toBeVisible();
    // the hidden e-mail stays hidden in the copy: only under Hidden facts
    const hidden = copied.getByRole('region', { name: 'Hidden facts' });
    await expect(hidden).toBeVisible();
    await hidden.getByText('Hidden facts').click();
    await expect(hidden.getByText('maria.lopez@uni.test')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'copy-facts');
    await page.keyboard.press('Escape');

    await page.goto('/chats');
    const picker = page.getByLabel('Class', { exact: true });
    await expect(
      picker.locator('option', { hasText: `${NAME} (BIOL 201) · Fall ${year}` }),
    ).toHaveCount(1);
    await expect(
      picker.locator('option', { hasText: `${NAME} (BIOL 201H) · Spring ${year + 1}` }),
    ).toHaveCount(1);
    await expectAccessible(page);
  });
});

/** A free port on 127.0.0.1 for a second server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A second instance of the product on the same database, run as an operator would without a
 * Slack app (no SLACK_* settings): the team-chat page as its teachers see it.
 */
async function serverWithoutSlack(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'no-slack-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('SLACK_')),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/api/dist/server.js'],
    {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
      env: {
        ...env,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error('the second server exited');
        return fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(true);
  return { url, stop };
}

test.describe('team chat on a server without Slack @mobile', () => {
  test('the page says so in a teacher’s words and Connect is disabled with that reason', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const server = await serverWithoutSlack();
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const teacher = await createTeacher('active');
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Sign In' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Sign in' });
      await dialog.getByLabel('Email').fill(teacher.email);
      await dialog.getByLabel('Password').fill(teacher.password);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      await page.goto(`${server.url}/integrations`);
      await expect(
        page.getByText("Your administrator hasn't set up Slack for this server yet.").first(),
      ).toBeVisible();
      const connect = page.getByRole('button', { name: /Connect/ }).first();
      await expect(connect).toBeDisabled();
      // no configuration words meant for the operator
      await expect(page.getByText(/SLACK_|environment variable/)).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'team-chat-no-slack');
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
