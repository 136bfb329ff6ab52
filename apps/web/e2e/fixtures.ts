import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

export const PASSWORD = 'Maple-Lantern-4827';

/** Direct database access for what a browser can't see: the e-mail outbox, subscription state. */
export async function sql<T extends pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export function uniqueEmail(prefix = 'teacher') {
  return `${prefix}-${randomBytes(4).toString('hex')}@uni.test`;
}

/**
 * A student of a journey on an address of their own (the e2e server trusts one proxy), as every
 * real student is: the limits per address, such as 5 contact requests in 10 minutes, are then one
 * student's, not the whole suite's on 127.0.0.1.
 */
export const studentHeaders = () => ({
  'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}`,
});

export type Teacher = { email: string; password: string; firstName: string; lastName: string };

/**
 * A teacher who already has an account, registered through the public API. Sign-up is
 * rate-limited per address, so each registration comes from its own forwarded address (the e2e
 * server trusts one proxy); the journeys that test sign-up do it through the UI. `status` puts
 * them past sign-up (set in the database: the browser cannot).
 */
export async function createTeacher(
  status: 'incomplete_signup' | 'trialing' | 'active' | 'suspended' = 'incomplete_signup',
): Promise<Teacher> {
  const teacher = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: 'Grace',
    lastName: 'Hopper',
  };
  const address = `10.${[...randomBytes(3)].join('.')}`;
  const reply = await fetch(`${process.env.E2E_BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({
      email: teacher.email,
      password: teacher.password,
      first_name: teacher.firstName,
      last_name: teacher.lastName,
      institution: 'State University',
    }),
  });
  expect(reply.status, await reply.text()).toBe(201);
  if (status !== 'incomplete_signup') {
    await sql('UPDATE users SET subscription_status = $2 WHERE email = $1', [
      teacher.email,
      status,
    ]);
  }
  return teacher;
}

export async function latestEmailTo(to: string): Promise<{ subject: string; text_body: string }> {
  for (let i = 0; i < 100; i++) {
    const rows = await sql<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [to],
    );
    if (rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail reached the outbox for ${to}`);
}

/** A student on the share link asks one question and waits for its answer (that one, however many follow). */
export async function askInChat(student: Page, question: string) {
  const thread = student.getByRole('log', { name: 'Conversation' });
  const answers = thread.getByRole('article', { name: 'Answer' });
  const before = await answers.count();
  const box = student.getByLabel('Your question');
  await box.fill(question);
  await box.press('Enter');
  await expect(answers).toHaveCount(before + 1);
  return answers.nth(before);
}

/** Fails on any serious or critical accessibility violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Signs in through the landing page's Sign In modal and waits for the redirect. */
export async function signIn(page: Page, teacher: Teacher, password = teacher.password) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(teacher.email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  return dialog;
}

/**
 * Goes to `path` just after signing in. Signing in ends in a full page load of the dashboard
 * (SPEC §4) that can come after the URL already says /dashboard (the landing page moves there
 * too), and it interrupts a navigation made before it: the navigation is made again until it
 * lands.
 */
export async function gotoAfterSignIn(page: Page, path: string) {
  const wanted = new URL(path, page.url());
  await expect(async () => {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe(wanted.pathname);
  }).toPass({ timeout: 15_000 });
}

/** A teacher with no classes meets the create wizard on the dashboard (SPEC §2); close it. */
export async function closeCreateWizard(page: Page) {
  const wizard = page.getByRole('dialog', { name: 'Create New Class' });
  await expect(wizard).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();
}

export const test = base;
export { expect };

/**
 * Starts a teacher's free trial through the API with the local demo provider, as the card form
 * would (`pm_local_<brand>_<last4>`). For journeys that begin after sign-up.
 */
export async function startTrial(
  request: APIRequestContext,
  teacher: Teacher,
): Promise<{ id: string; trial_end: string }> {
  const login = await request.post('/api/auth/login', {
    data: { email: teacher.email, password: teacher.password },
  });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens
    .access_token;
  const trial = await request.post('/api/billing/payment/create-trial-subscription', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      payment_method_id: 'pm_local_visa_4242',
      cardholder_name: `${teacher.firstName} ${teacher.lastName}`,
      billing_email: teacher.email,
    },
  });
  expect(trial.ok(), await trial.text()).toBe(true);
  return ((await trial.json()) as { data: { id: string; trial_end: string } }).data;
}

/** Signs a teacher in through the API and returns the bearer access token. */
export async function apiToken(request: APIRequestContext, teacher: Teacher): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: teacher.email, password: teacher.password },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { data: { tokens: { access_token: string } } }).data.tokens
    .access_token;
}

export type SharedClass = { id: string; chatUuid: string };

/**
 * A class created through the real API with a syllabus uploaded as a text file (multipart), so
 * the real extraction, indexing and answering run on it. The upload answers 202 with the item
 * `processing`; this waits, as the web does, until GET /api/content/{id} says it is `ready`, so
 * a journey can ask about it at once. Returns the class's id and share-link uuid.
 */
export async function createClassWithSyllabus(
  request: APIRequestContext,
  token: string,
  input: {
    className: string;
    description?: string;
    syllabusTitle: string;
    syllabus: string;
    /** more class fields, such as the term and time zone (issue 30) */
    fields?: Record<string, unknown>;
  },
): Promise<SharedClass> {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/classes', {
    headers,
    data: {
      class_name: input.className,
      course_code: null,
      school: 'State University',
      department: null,
      semester: 'Fall',
      year: new Date().getFullYear(),
      student_size: 30,
      description: input.description ?? null,
      ...input.fields,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const upload = await request.post('/api/content/upload', {
    headers,
    // the fields first: the server checks the class before it reads the file
    multipart: {
      class_id: id,
      content_type: 'syllabus',
      title: input.syllabusTitle,
      file: {
        name: 'syllabus.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(input.syllabus, 'utf8'),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const item = ((await upload.json()) as { data: { content: { id: string } } }).data.content;
  await expect
    .poll(
      async () => {
        const got = await request.get(`/api/content/${item.id}`, { headers });
        return ((await got.json()) as { data?: { content?: { status?: string } } }).data?.content
          ?.status;
      },
      { message: 'the syllabus is read', timeout: 60_000, intervals: [100, 250, 500, 1000] },
    )
    .toBe('ready');
  const detail = await request.get(`/api/classes/${id}`, { headers });
  expect(detail.ok()).toBe(true);
  const { chat_uuid } = ((await detail.json()) as { data: { chat_uuid: string } }).data;
  return { id, chatUuid: chat_uuid };
}
