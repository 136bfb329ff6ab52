/**
 * Every screen of the product, photographed at a laptop's and a phone's width (1280×800 and
 * 390×844), and a pixel comparison of two such sets: to show that a change to the front end's
 * machinery (bundler, framework, CSS pipeline…) changed nothing a person sees. Take a set before
 * the change and one after, then compare them.
 *
 *   npm run screens -- --out DIR [--no-build]
 *   npm run screens -- --compare DIR_A DIR_B [--diff DIR]
 *
 * Taking: builds the app (skip with --no-build: apps/web/dist is photographed as it is), starts
 * the API on a free 127.0.0.1 port with a fresh DATA_DIR, creates a teacher and a class with a
 * syllabus through the API, asks a few questions, then photographs in Debian's Chromium the
 * public pages, the landing page's dialogs and, signed in through the Sign In dialog, the
 * teacher's pages. Files are `<screen>-<width>.png`: the whole page, or the window when a
 * dialog is open.
 *
 * Comparing: prints per screen "same" or "N pixels differ (x%)", writes an image of the
 * differences of each differing screen into --diff DIR, and exits 1 when a screen is missing from
 * one set, changed size, or differs in more than MAX_DIFF_RATIO of its pixels.
 *
 * Two runs of the same build compare as "same": the browser runs in UTC and en-US with reduced
 * motion and animations stopped, the teacher's e-mail is fixed, and what differs from run to run
 * on the teacher's pages (the class's ids and share link, when questions were asked, the
 * analytics' time of counting, busiest hour and answer speed, the trial's end) is covered with a
 * magenta box (see `volatile`); so are the dates that move with the day of the run, for sets
 * taken on different days.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { chromiumArgs } from '../apps/web/playwright.config.ts';
import { dataOf, fail, postJson, request, RUNNER_PASSWORD } from './lib/api.ts';
import { createBenchClass } from './lib/bench-course.ts';
import { runCommand } from './lib/cli.ts';
import { startServer } from './lib/server.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
/** The teacher signs in with these (each run has a fresh database, so a fixed e-mail is free). */
const TEACHER = { email: 'screens@example.com', password: 'Screens-Runner-Pass-2026' };
const CLASS_NAME = 'Introductory Physics I';
const UNKNOWN_CHAT = '00000000-0000-4000-8000-000000000000';
/** Asked through the API before the teacher's pages, so their lists and analytics have rows. */
const API_QUESTIONS = [
  'What is the late policy for problem sets?',
  'When is the final exam and where?',
  'Is there parking near the science building?',
  'When is the next exam?',
];
/**
 * The day the server takes as today for every class (ASSISTANT_TODAY), so the dates it counts
 * from (Coming up, the next date, Course facts' Dates) are those of every run: a Tuesday of the
 * bench class's Fall 2026 term, three days before Midterm 1.
 */
const SCREENS_TODAY = '2026-10-06';
/** Midterm 1, as the teacher corrects it in the set-up (the date questions then get an answer). */
const CORRECTED_MIDTERM = 'Midterm 1, in class';
/** Asked in the student chat after CHAT_QUESTION: a date question. */
const DATE_QUESTION = 'When is the next exam?';
/** Check your assistant, through the API before anything is asked: [question key, status]. */
const CHECKS = [
  ['office_hours', 'confirmed'],
  ['extra_credit', 'not_covered'],
] as const;
/** Asked in the student chat, in the browser. */
const CHAT_QUESTION = 'When are office hours?';
/** A screen whose share of differing pixels is above this fails the comparison. */
const MAX_DIFF_RATIO = 0.0001;
/** pixelmatch's colour threshold (its default): 0 counts any change of colour. */
const PIXEL_THRESHOLD = 0.1;
/** How long a page's text and layout must stay unchanged to count as settled. */
const QUIET_MS = 500;
const SETTLE_TIMEOUT_MS = 15_000;
const WAIT_MS = 30_000;

type Args =
  | { mode: 'take'; out: string; build: boolean }
  | { mode: 'compare'; a: string; b: string; diff?: string };

function parse(argv: string[]): Args | undefined {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      compare: { type: 'string' },
      diff: { type: 'string' },
    },
  });
  if (values.compare !== undefined) {
    if (positionals.length !== 1 || values.out !== undefined) return undefined;
    return {
      mode: 'compare',
      a: resolve(values.compare),
      b: resolve(positionals[0]!),
      diff: values.diff === undefined ? undefined : resolve(values.diff),
    };
  }
  if (values.out === undefined || positionals.length || values.diff !== undefined) return undefined;
  return { mode: 'take', out: resolve(values.out), build: !values['no-build'] };
}

// ---------------------------------------------------------------------------------------------
// Taking the screenshots
// ---------------------------------------------------------------------------------------------

type Setup = { baseUrl: string; chatUuid: string; classId: string };

/**
 * The bench's class (createBenchClass: teacher on the demo trial, class, syllabus) for a teacher
 * with a fixed e-mail (the bench's has a timestamp, which the account page would show), then a
 * password set that the Sign In dialog can be given (signed in, the current one is asked too);
 * then the API questions.
 */
async function setUp(baseUrl: string): Promise<Setup> {
  const { token, classId, chatUuid } = await createBenchClass(baseUrl, 'screens', TEACHER.email);
  dataOf(
    await postJson(
      `${baseUrl}/api/auth/update-password`,
      { password: TEACHER.password, current_password: RUNNER_PASSWORD },
      token,
    ),
    200,
    'password change',
  );
  // Check your assistant: the office hours confirmed (the chat's question gets the checked
  // answer), extra credit not covered
  for (const [item, status] of CHECKS) {
    const reply = await request(`${baseUrl}/api/classes/${classId}/assistant-check/${item}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
      token,
    });
    if (reply.status !== 200) fail(`checking "${item}" failed (HTTP ${reply.status})`);
  }
  // Dates: Midterm 1 (Oct 9) corrected by the teacher, and the syllabus's line of both midterms
  // (read as one exam on Oct 9, "Exam") removed
  const dates = dataOf<{ items: { id: string; date: string; title: string }[] }>(
    await request(`${baseUrl}/api/classes/${classId}/dates`, { token }),
    200,
    'the class dates',
  );
  const midterm = dates.items.find((item) => item.title === 'Midterm 1');
  if (!midterm) fail('the bench syllabus gave no dated item "Midterm 1"');
  const corrected = await request(`${baseUrl}/api/classes/${classId}/dates/${midterm.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: CORRECTED_MIDTERM }),
    token,
  });
  if (corrected.status !== 200) fail(`correcting Midterm 1 failed (HTTP ${corrected.status})`);
  for (const item of dates.items.filter((i) => i.title === 'Exam')) {
    const removed = await request(`${baseUrl}/api/classes/${classId}/dates/${item.id}`, {
      method: 'DELETE',
      token,
    });
    if (removed.status !== 200) fail(`removing "${item.title}" failed (HTTP ${removed.status})`);
  }
  for (const question of API_QUESTIONS) {
    const reply = await postJson(`${baseUrl}/api/chat/ask/${chatUuid}`, { question });
    if (reply.status !== 200) fail(`asking "${question}" failed (HTTP ${reply.status})`);
  }
  return { baseUrl, chatUuid, classId };
}

/** A browser window of one size, set for screenshots that do not depend on the machine. */
function newContext(browser: Browser, baseUrl: string, size: (typeof SIZES)[number]) {
  const phone = size.width < 640;
  return browser.newContext({
    baseURL: baseUrl,
    viewport: size,
    // as the e2e journeys' mobile project: a phone's viewport handling and touch
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
}

/**
 * The page's own globals, as the functions given to page.evaluate use them: the scripts are
 * type-checked with Node's library, without the DOM's.
 */
declare const document: {
  fonts: { ready: Promise<unknown> };
  scrollingElement: { scrollWidth: number; scrollHeight: number } | null;
  documentElement: { scrollWidth: number; scrollHeight: number };
  body: { innerText: string };
  querySelectorAll(selector: string): ArrayLike<{ offsetParent: unknown }>;
};

/** What shows that a page is still loading: skeletons (in aria-busy boxes) and spinners. */
const LOADING = '[aria-busy="true"], .animate-spin';

/**
 * Waits until the page is at rest: the network idle, the fonts loaded, nothing `loading` shows,
 * and the text and the size of the page unchanged for QUIET_MS.
 */
async function settle(page: Page, loading = LOADING): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = await page.evaluate((selector) => {
      // what is hidden (display: none) has no offsetParent
      const busy = Array.from(document.querySelectorAll(selector)).filter(
        (el) => el.offsetParent !== null,
      ).length;
      const root = document.scrollingElement ?? document.documentElement;
      return `${busy}|${root.scrollWidth}x${root.scrollHeight}|${document.body.innerText}`;
    }, loading);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS && now.startsWith('0|')) {
      return;
    }
    await page.waitForTimeout(100);
  }
  console.error(`  (${page.url()} did not settle within ${SETTLE_TIMEOUT_MS / 1000} s)`);
}

type Shot = {
  out: string;
  name: string;
  width: number;
  mask?: Locator[];
  /** false: the window only (a dialog is open) */
  fullPage?: boolean;
  /** what shows the page is loading, when the default would match a part of its design */
  loading?: string;
};

async function shoot(page: Page, shot: Shot): Promise<void> {
  await settle(page, shot.loading);
  const file = resolve(shot.out, `${shot.name}-${shot.width}.png`);
  await page.screenshot({
    path: file,
    fullPage: shot.fullPage ?? true,
    animations: 'disabled',
    caret: 'hide',
    mask: shot.mask,
    // magenta: nothing in the product is that colour, so a mask is never mistaken for content
    maskColor: '#FF00FF',
  });
  console.error(`  ${shot.name}-${shot.width}.png`);
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).first();

async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
}

/** Waits until `locator`'s text has not changed for QUIET_MS (a streamed answer has ended). */
async function textSettles(page: Page, locator: Locator): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last = await locator.innerText();
  let since = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(100);
    const now = await locator.innerText();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS * 2) {
      return;
    }
  }
  fail(`the text of ${locator} was still changing after ${WAIT_MS / 1000} s`);
}

/** The landing page, its three dialogs, the terms, the student chat and its states. */
async function publicScreens(
  context: BrowserContext,
  setup: Setup,
  out: string,
  width: number,
): Promise<void> {
  const page = await context.newPage();
  const main = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/');
  await visible(heading(page, /./));
  await shoot(page, { out, name: 'landing', width });

  // the dialogs: the window only (a full-page shot of a page under a modal shows the page's
  // scroll height with the dialog somewhere in it)
  const dialogs = [
    { name: 'sign-in', open: main.getByRole('button', { name: 'Sign In' }), dialog: 'Sign in' },
    {
      name: 'sign-up',
      open: main.getByRole('button', { name: /Get Started|Sign Up/ }),
      dialog: 'Create your account',
    },
    {
      name: 'trial',
      open: page.getByRole('button', { name: /Try Me/ }),
      dialog: 'Try it with your document',
    },
  ];
  for (const { name, open, dialog } of dialogs) {
    await page.goto('/');
    await visible(heading(page, /./));
    await open.first().click();
    await visible(page.getByRole('dialog', { name: dialog }));
    await shoot(page, { out, name, width, fullPage: false });
  }

  await page.goto('/terms');
  await visible(heading(page, /./));
  await shoot(page, { out, name: 'terms', width });

  await page.goto(`/chat/${setup.chatUuid}`);
  await visible(heading(page, CLASS_NAME));
  await shoot(page, { out, name: 'chat', width });

  const box = page.getByLabel('Your question');
  await box.fill(CHAT_QUESTION);
  await box.press('Enter');
  const thread = page.getByRole('log', { name: 'Conversation' });
  await visible(thread.getByRole('article', { name: 'Answer' }).last());
  // the thread is busy while the answer is streamed
  await page
    .locator('[role="log"][aria-busy="true"]')
    .waitFor({ state: 'detached', timeout: WAIT_MS });
  await page.waitForLoadState('networkidle');
  await textSettles(page, thread);
  await shoot(page, { out, name: 'chat-answered', width });

  // a date question: the answer lists the day (the teacher corrected it)
  const answers = await thread.getByRole('article', { name: 'Answer' }).count();
  await box.fill(DATE_QUESTION);
  await box.press('Enter');
  await thread
    .getByRole('article', { name: 'Answer' })
    .nth(answers)
    .waitFor({ state: 'visible', timeout: WAIT_MS });
  await page
    .locator('[role="log"][aria-busy="true"]')
    .waitFor({ state: 'detached', timeout: WAIT_MS });
  await textSettles(page, thread);
  await shoot(page, { out, name: 'chat-dates', width });

  await page.goto(`/chat/${UNKNOWN_CHAT}`);
  await visible(page.getByRole('heading', { name: 'This chat link does not exist' }));
  await shoot(page, { out, name: 'chat-unknown', width });

  // /install-success goes to Integrations after 3 s: the page's clock is stopped (before the
  // page loads, so its timer never fires) and the page photographed as it first shows
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/install-success');
  await visible(page.getByRole('button', { name: 'Complete Setup' }));
  // its spinner turns for good (the redirect is coming): not a sign of loading here
  await shoot(page, { out, name: 'install-success', width, loading: '[aria-busy="true"]' });
  if (!page.url().endsWith('/install-success')) fail('/install-success redirected before its shot');
  await page.close();
}

/** Signs in through the landing page's Sign In dialog, as the e2e journeys' signIn does. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(TEACHER.email);
  await dialog.getByLabel('Password').fill(TEACHER.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: WAIT_MS });
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';

/**
 * What the teacher's pages show that is not the same from run to run, to be masked: the class's
 * ids and share link (uuids, the server's port); when questions were asked (times, and dates that
 * move with the day of the run); the analytics' time of counting, busiest hour and answer speed;
 * the trial's end (three days from the run). Text of the class's material that holds a date
 * ("Monday, December 14") is not masked: the dates are matched as an element's whole text.
 */
function volatile(page: Page, setup: Setup): Locator[] {
  return [
    page.getByText(setup.chatUuid),
    page.getByText(setup.classId),
    page.getByText(new URL(setup.baseUrl).host),
    // instants (when something was asked); a calendar day (datetime YYYY-MM-DD) is that of
    // SCREENS_TODAY's term, the same every run
    page.locator('time[datetime*="T"]'),
    // "Nov 27", "November 30, 2026": an axis label, the trial's end on the billing and account pages
    page.getByText(new RegExp(`^${MONTH} \\d{1,2}(, \\d{4})?$`)),
    page.getByText(/^Last asked /),
    page.getByText(/trial runs until/),
    page.getByText(/^Busiest (day|hour):/),
    page.getByRole('group', { name: 'Busiest hours chart' }),
    // the average response time: "32 ms", "1.2 s"
    page.getByText(/^\d+(\.\d+)? m?s$/),
  ];
}

/** The teacher's pages and the Create New Class wizard. */
async function teacherScreens(
  context: BrowserContext,
  setup: Setup,
  out: string,
  width: number,
): Promise<void> {
  const page = await context.newPage();
  await signIn(page);
  const mask = volatile(page, setup);

  await page.goto('/dashboard');
  await visible(heading(page, 'My Classes'));
  await visible(page.getByRole('article', { name: CLASS_NAME }));
  await shoot(page, { out, name: 'dashboard', width, mask });

  await page.getByRole('button', { name: 'Create New Class' }).first().click();
  await visible(page.getByRole('dialog', { name: 'Create New Class' }));
  await shoot(page, { out, name: 'create-class', width, mask, fullPage: false });
  // further down: the term and the time zone (the teacher's own zone: UTC here)
  await page.getByLabel('Time zone').scrollIntoViewIfNeeded();
  await shoot(page, { out, name: 'create-class-term', width, mask, fullPage: false });
  await page.keyboard.press('Escape');

  // Edit class, from the card's menu
  await page
    .getByRole('article', { name: CLASS_NAME })
    .getByRole('button', { name: `More actions for ${CLASS_NAME}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit class' }).click();
  await visible(page.getByRole('dialog', { name: 'Edit class' }));
  await shoot(page, { out, name: 'class-edit', width, mask, fullPage: false });
  await page.keyboard.press('Escape');

  // the wizard's last step, Check your assistant: a draft at step 3 for the class (closing the
  // wizard there ends the draft)
  await page.evaluate(
    ({ key, classId, className }) => {
      const owner = (JSON.parse(localStorage.getItem('user_data') ?? '{}') as { id?: string }).id;
      localStorage.setItem(
        key,
        JSON.stringify({ owner, step: 3, classInfo: { class_name: className }, id: classId }),
      );
    },
    { key: 'class_draft', classId: setup.classId, className: CLASS_NAME },
  );
  await page.getByRole('button', { name: 'Create New Class' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Create New Class' });
  await visible(wizard.getByRole('list', { name: 'Questions students ask' }));
  await shoot(page, { out, name: 'create-class-check', width, mask, fullPage: false });
  await page.keyboard.press('Escape');

  // Review Course: the class's material, then its course facts
  await page
    .getByRole('article', { name: CLASS_NAME })
    .getByRole('button', { name: 'Review course' })
    .click();
  const review = page.getByRole('dialog', { name: 'Review Course' });
  await visible(review);
  await settle(page);
  await shoot(page, { out, name: 'review-course', width, mask, fullPage: false });
  await review.getByRole('tab', { name: 'Course facts' }).click();
  await settle(page);
  await shoot(page, { out, name: 'course-facts', width, mask, fullPage: false });
  // a date's correction dialog
  const dates = review.getByRole('region', { name: /^Dates/ });
  await dates
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await visible(page.getByRole('dialog', { name: 'Correct this date' }));
  await shoot(page, { out, name: 'course-facts-date', width, mask, fullPage: false });
  await page.keyboard.press('Escape');
  await review.getByRole('tab', { name: /^Check your assistant/ }).click();
  await visible(review.getByRole('list', { name: 'Questions students ask' }));
  await settle(page);
  await shoot(page, { out, name: 'assistant-check', width, mask, fullPage: false });
  await page.keyboard.press('Escape');

  const pages = [
    { name: 'analytics', path: '/analytics', title: 'Analytics' },
    { name: 'chats', path: '/chats', title: 'Student Conversations' },
    { name: 'chat-history', path: '/chat-history', title: 'Chat History' },
    { name: 'integrations', path: '/integrations', title: 'Integrations' },
    { name: 'account', path: '/account', title: 'My Account' },
    { name: 'billing', path: '/billing', title: 'Billing & Usage' },
  ];
  for (const { name, path, title } of pages) {
    await page.goto(path);
    await visible(heading(page, title));
    await shoot(page, { out, name, width, mask });
  }
  await page.close();
}

async function take(args: { out: string; build: boolean }): Promise<void> {
  if (!existsSync(CHROMIUM)) fail(`${CHROMIUM} is missing: sudo apt-get install -y chromium`);
  if (args.build) {
    console.error('building the web app…');
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] });
  }
  if (!existsSync(resolve(REPO_ROOT, 'apps/web/dist/index.html')))
    fail('apps/web/dist is missing: run npm run build (or drop --no-build)');
  mkdirSync(args.out, { recursive: true });

  const started = Date.now();
  const server = await startServer({
    name: 'screens',
    log: (line) => console.error(line),
    env: { ASSISTANT_TODAY: SCREENS_TODAY },
  });
  let browser: Browser | undefined;
  try {
    const setup = await setUp(server.baseUrl);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
    // every public screen at both widths before the teacher's: the chat's question is then in
    // the teacher's lists at both widths alike
    for (const size of SIZES) {
      console.error(`public screens at ${size.width}×${size.height}`);
      const context = await newContext(browser, server.baseUrl, size);
      await publicScreens(context, setup, args.out, size.width);
      await context.close();
    }
    for (const size of SIZES) {
      console.error(`the teacher's screens at ${size.width}×${size.height}`);
      const context = await newContext(browser, server.baseUrl, size);
      await teacherScreens(context, setup, args.out, size.width);
      await context.close();
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  const count = readdirSync(args.out).filter((file) => file.endsWith('.png')).length;
  console.log(
    `${count} screenshots in ${args.out} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Comparing two sets
// ---------------------------------------------------------------------------------------------

const pngsIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.png')) : [];

async function compare(args: { a: string; b: string; diff?: string }): Promise<void> {
  for (const dir of [args.a, args.b]) if (!pngsIn(dir).length) fail(`${dir} holds no PNG files`);
  const names = [...new Set([...pngsIn(args.a), ...pngsIn(args.b)])].sort();
  if (args.diff) mkdirSync(args.diff, { recursive: true });
  const width = Math.max(...names.map((name) => name.length));
  let failed = 0;
  for (const name of names) {
    const label = name.replace(/\.png$/, '').padEnd(width - 4);
    const paths = [resolve(args.a, name), resolve(args.b, name)] as const;
    const missing = paths.find((path) => !existsSync(path));
    if (missing) {
      console.log(`${label}  missing from ${dirname(missing)}`);
      failed++;
      continue;
    }
    const [a, b] = [PNG.sync.read(readFileSync(paths[0])), PNG.sync.read(readFileSync(paths[1]))];
    if (a.width !== b.width || a.height !== b.height) {
      console.log(`${label}  size differs: ${a.width}×${a.height} and ${b.width}×${b.height}`);
      failed++;
      continue;
    }
    const diff = new PNG({ width: a.width, height: a.height });
    const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, {
      threshold: PIXEL_THRESHOLD,
    });
    if (differing === 0) {
      console.log(`${label}  same`);
      continue;
    }
    const ratio = differing / (a.width * a.height);
    const tolerated = ratio <= MAX_DIFF_RATIO;
    if (!tolerated) failed++;
    console.log(
      `${label}  ${differing} pixels differ (${(ratio * 100).toFixed(3)}%)` +
        (tolerated ? ' — within the tolerance' : ''),
    );
    if (args.diff) writeFileSync(resolve(args.diff, name), PNG.sync.write(diff));
  }
  if (failed)
    fail(
      `${failed} of ${names.length} screens differ (in more than ${MAX_DIFF_RATIO * 100}% of ` +
        'their pixels, in size, or one set lacks them)',
    );
  console.log(`all ${names.length} screens match`);
}

async function run(args: Args): Promise<void> {
  if (args.mode === 'compare') await compare(args);
  else await take(args);
}

process.exitCode = await runCommand({
  name: 'screens',
  usage:
    'usage: npm run screens -- --out DIR [--no-build]\n' +
    '       npm run screens -- --compare DIR_A DIR_B [--diff DIR]',
  parse,
  run,
});
