import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { CHAT_MESSAGES } from '@app/contracts';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  expectAccessible,
  latestEmailTo,
  PASSWORD,
  signIn,
  startTrial,
  test,
  uniqueEmail,
  gotoAfterSignIn,
} from './fixtures.ts';

/**
 * Issue 31's second visits, at 1280 and 390 px: a student's thread kept over a reload and a
 * deactivated class named (item 4), the class's suggestions (item 5), the account basics (item
 * 9) and the small things (item 10).
 */

const SYLLABUS = `# Cell Biology Syllabus

This course introduces the structure and function of cells, from membranes to metabolism.

# Grading

Your final grade is made of lab reports (30%), the midterm exam (30%) and the final exam (40%).

# Office Hours

Professor Hopper holds office hours on Mondays from 2 to 4 pm in Science Hall 204.
`;

const SUGGESTED = [
  'When is the midterm exam?',
  'What are the office hours?',
  'How is the final grade calculated?',
];

const RESTORED = 'We restored your unfinished class draft.';

/** A teacher on the trial with a class holding SYLLABUS; its share link's uuid. */
async function sharedClass(request: Parameters<typeof apiToken>[0]) {
  const teacher = await createTeacher();
  await startTrial(request, teacher);
  const token = await apiToken(request, teacher);
  const cls = await createClassWithSyllabus(request, token, {
    className: 'Cell Biology',
    description: 'Cells, membranes and metabolism.',
    syllabusTitle: 'Course Syllabus',
    syllabus: SYLLABUS,
  });
  return { teacher, token, cls };
}

/** The middle of an element, and whether what the page shows there is that element. */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** Each request of this page from an address of its own (sign-up and sign-in limits count per address). */
async function ownAddress(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}` });
}

test.describe('second visits @mobile', () => {
  test("item 4: a student's thread survives a reload with its sources; a deactivated class's page names it", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { token, cls } = await sharedClass(request);

    await page.goto(`/chat/${cls.chatUuid}`);
    const thread = page.getByRole('log', { name: 'Conversation' });
    const box = page.getByLabel('Your question');
    await box.fill('What is the grading breakdown?');
    await box.press('Enter');
    const answer = thread.getByRole('article', { name: 'Answer' }).last();
    await expect(answer).toContainText('lab reports (30%)');
    await expect(answer.getByRole('button', { name: /Course Syllabus/ })).toBeVisible();

    // the next day, the same browser: the question, its answer and its source are still there
    await page.reload();
    await expect(thread.getByText('What is the grading breakdown?')).toBeVisible();
    const kept = thread.getByRole('article', { name: 'Answer' }).last();
    await expect(kept).toContainText('lab reports (30%)');
    const source = kept.getByRole('button', { name: /Course Syllabus/ });
    await source.click();
    await expect(kept.getByRole('region', { name: 'Quoted from Course Syllabus' })).toContainText(
      'the midterm exam (30%) and the final exam (40%)',
    );
    await expectAccessible(page);

    // the teacher deactivates the class: the page says so in SPEC's words, and names the class
    const off = await request.put(`/api/classes/${cls.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { is_active: false },
    });
    expect(off.ok(), await off.text()).toBe(true);
    await page.reload();
    const card = page.getByRole('heading', { level: 1, name: 'Class Temporarily Unavailable' });
    await expect(card).toBeVisible();
    await expect(page.getByText('Cell Biology', { exact: true })).toBeVisible();
    await expect(page.getByText('State University · Professor Hopper')).toBeVisible();
    await expect(page.getByText(CHAT_MESSAGES.inactivePage)).toBeVisible();
    await expect(page).toHaveTitle(/^Cell Biology/);
    // the class's name and nothing else of it: not its description, nor its thread
    await expect(page.getByText('Cells, membranes and metabolism.')).toHaveCount(0);
    await expect(page.getByText('What is the grading breakdown?')).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectAccessible(page);
  });

  test("item 5: the chips are the class's suggested questions; a declined question never becomes one; one row on a phone", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { token, cls } = await sharedClass(request);
    const saved = await request.post('/api/chat/sample-questions', {
      headers: { Authorization: `Bearer ${token}` },
      data: { class_id: cls.id, questions: SUGGESTED },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto(`/chat/${cls.chatUuid}`);
    const row = page.getByRole('list', { name: 'Suggested questions' });
    const chips = row.getByRole('button');
    await expect(chips).toHaveText(SUGGESTED);

    // an off-topic question is declined, and is no suggestion, then or after a reload
    const box = page.getByLabel('Your question');
    await box.fill('Who won the football world cup in 1998?');
    await box.press('Enter');
    const thread = page.getByRole('log', { name: 'Conversation' });
    await expect(
      thread.getByRole('article', { name: 'Answer: not in the course material' }),
    ).toBeVisible();
    await expect(chips).toHaveText(SUGGESTED);
    await page.reload();
    await expect(thread.getByText('Who won the football world cup in 1998?')).toBeVisible();
    await expect(chips).toHaveText(SUGGESTED);

    // on a phone: one row, one chip high, that scrolls sideways to the last chip
    if (page.viewportSize()!.width < 640) {
      const rowBox = (await row.boundingBox())!;
      const chipBox = (await chips.first().boundingBox())!;
      expect(rowBox.height).toBeLessThan(chipBox.height * 2);
      for (const chip of await chips.all())
        expect(Math.abs((await chip.boundingBox())!.y - chipBox.y)).toBeLessThan(1);
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await chips.last().scrollIntoViewIfNeeded();
      expect(await row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      const last = (await chips.last().boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await expectAccessible(page);
  });

  test('item 9: a teacher signs up with an institution, finds it as School, changes the password and the e-mail address', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await ownAddress(page);
    const email = uniqueEmail('second');
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const signup = page.getByRole('dialog', { name: 'Create your account' });
    await signup.getByLabel('First name').fill('Mary');
    await signup.getByLabel('Last name').fill('Jackson');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password').fill(PASSWORD);
    await signup.getByLabel(/Institution/).fill('Riverside Community College');
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('dialog', { name: 'Choose your plan' })
      .getByRole('button', { name: 'Start Free Trial' })
      .click();
    const payment = page.getByRole('dialog', { name: 'Start your free trial' });
    await payment.getByLabel('Cardholder name').fill('Mary Jackson');
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByLabel('ZIP code').fill('12345');
    await payment.getByRole('button', { name: 'Start my free trial' }).click();
    await page.waitForURL('**/dashboard?trial=active&welcome=true');

    // the wizard opens by itself (no classes yet), School already the institution
    const wizard = page.getByRole('dialog', { name: 'Create New Class' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByLabel(/^School/)).toHaveValue('Riverside Community College');
    await expect(wizard.getByText(RESTORED)).toHaveCount(0);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(wizard).toBeHidden();

    // My Account: a new password, with the current one
    await page.getByRole('button', { name: 'Mary Jackson, account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const passwordForm = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Password', exact: true }) });
    const NEW_PASSWORD = 'Quiet-Harbor-6142';
    await passwordForm.getByLabel('Current password').fill('Not-My-Password-1');
    await passwordForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Update password' }).click();
    await expect(passwordForm.getByLabel('Current password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await passwordForm.getByLabel('Current password').fill(PASSWORD);
    await passwordForm.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await expect(passwordForm.getByLabel('New password', { exact: true })).toHaveValue('');

    // signed out, the old password no longer opens the account; the new one does
    await page.getByRole('button', { name: 'Mary Jackson, account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const teacher = { email, password: PASSWORD, firstName: 'Mary', lastName: 'Jackson' };
    const refused = await signIn(page, teacher);
    await expect(refused.getByText('Invalid email or password')).toBeVisible();
    await refused.getByLabel('Password').fill(NEW_PASSWORD);
    await refused.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);

    // a new e-mail address waits for the link sent to it
    await gotoAfterSignIn(page, '/account');
    const profileForm = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Profile', exact: true }) });
    const newEmail = uniqueEmail('moved');
    await profileForm.getByLabel('Email').fill(newEmail);
    await profileForm.getByLabel('Current password').fill(NEW_PASSWORD);
    await profileForm.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(profileForm.getByText('Confirm your new address')).toBeVisible();
    await expect(profileForm.getByText(`We sent a link to ${newEmail}`)).toBeVisible();
    await expect(profileForm.getByLabel('Email')).toHaveValue(email);
    await expectAccessible(page);

    // the link in the mail to the new address confirms it
    const mail = await latestEmailTo(newEmail);
    expect(mail.subject).toBe('Confirm your new Syllabot e-mail address');
    const link = /(http\S+confirm_email_token=\S+)/.exec(mail.text_body)![1]!;
    await page.goto(link);
    const confirm = page.getByRole('dialog', { name: 'Confirm your new e-mail address' });
    await expect(confirm).toBeVisible();
    await expect(page).not.toHaveURL(/confirm_email_token/);
    await confirm.getByRole('button', { name: 'Confirm new address' }).click();
    const changed = page.getByRole('dialog', { name: 'E-mail address changed' });
    await expect(changed).toContainText(`Your account now uses ${newEmail}`);
    await changed.getByRole('button', { name: 'Go to My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(profileForm.getByLabel('Email')).toHaveValue(newEmail);
    await expect(profileForm.getByText('Confirm your new address')).toHaveCount(0);
  });

  test('item 10: a toast never covers the bell or the user menu; file sizes in KB; a new wizard restores nothing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await ownAddress(page);
    // the page's clock is ours: a toast stays up while it is looked at (it would go after 4 s)
    await page.clock.install();
    const teacher = await createTeacher('trialing');
    await signIn(page, teacher);
    await page.waitForURL(/\/dashboard/);

    // the wizard opens by itself, new; closed untouched, it opens again new, not "restored"
    const wizard = page.getByRole('dialog', { name: 'Create New Class' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText('Step 1 of 3: Class info & syllabus')).toBeVisible();
    await expect(wizard.getByText(RESTORED)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(wizard).toBeHidden();
    const create = page.getByRole('button', { name: /Create New Class/ });
    await expect(create).toBeFocused();
    await create.click();
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText(RESTORED)).toHaveCount(0);
    await expect(wizard.getByRole('button', { name: 'Start over' })).toHaveCount(0);

    // a small syllabus file is counted in KB
    await wizard.getByLabel('Syllabus file').setInputFiles({
      name: 'syllabus.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(SYLLABUS, 'utf8'),
    });
    await expect(wizard.getByText('syllabus.txt')).toBeVisible();
    await expect(
      wizard.getByText(`${(Buffer.byteLength(SYLLABUS) / 1024).toFixed(1)} KB`),
    ).toBeVisible();
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toBeHidden();

    // a toast (My Account's 'Profile updated'), and the header beside it
    await page.getByRole('button', { name: 'Grace Hopper, account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const profileForm = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Profile', exact: true }) });
    await profileForm.getByLabel(/^Institution/).fill('Lakeside College');
    await profileForm.getByLabel('Current password').fill(PASSWORD);
    await profileForm.getByRole('button', { name: 'Save Profile' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile updated' });
    await expect(toast).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

    const bell = page.getByRole('link', { name: /Student contact requests/ });
    const menuButton = page.getByRole('button', { name: 'Grace Hopper, account menu' });
    expect(await reachable(bell)).toBe(true);
    expect(await reachable(menuButton)).toBe(true);
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(toast).toBeVisible();
    for (const item of await menu.getByRole('menuitem').all())
      expect(await reachable(item), (await item.textContent()) ?? undefined).toBe(true);
    const toastBox = (await toast.boundingBox())!;
    for (const box of [await bell.boundingBox(), await menu.boundingBox()]) {
      const apart =
        box!.y + box!.height <= toastBox.y ||
        toastBox.y + toastBox.height <= box!.y ||
        box!.x + box!.width <= toastBox.x ||
        toastBox.x + toastBox.width <= box!.x;
      expect(apart).toBe(true);
    }
    // the bell takes a click with the toast up (and the menu closes)
    await bell.click();
    await expect(page).toHaveURL(/\/chats\?view=requests$/);
    await expect(menu).toBeHidden();
    await expect(toast).toBeVisible();
    // the clock runs again (axe and focus moves need it), the toast still up for a while
    await page.clock.resume();
    await expectAccessible(page);
    // the menu opened from the keyboard closes with Escape, focus back on its button
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});
