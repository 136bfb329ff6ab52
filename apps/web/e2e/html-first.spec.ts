import type { Page } from '@playwright/test';
import {
  apiToken,
  createClassWithSyllabus,
  createTeacher,
  expect,
  signIn,
  startTrial,
  test,
} from './fixtures.ts';

/**
 * The pages a visitor or a student opens cold come as HTML rendered at build, which React then
 * hydrates (decision 011): the text paints before any script runs, hydration keeps that HTML (no
 * flash), and a teacher with a session never sees the signed-out page on the way to theirs.
 */

const SYLLABUS = `# Cell Biology Syllabus

The midterm exam is on October 14 in Science Hall 101.`;

/** Holds back the app's scripts until `release` is called: the page as it is before they run. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Errors the page logs (React reports a hydration mismatch there) and throws. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('HTML first @mobile', () => {
  test('the landing page and the terms are in the HTML, painted before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Your syllabus, answering student questions around the clock',
      }),
    ).toBeVisible();
    await expect(page.getByText('Simple, per-semester pricing')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Me' })).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page).toHaveTitle('Terms of Service · Syllabot');
    await context.close();
  });

  test('hydration takes the HTML over as it is, without an error, and the page answers a tap', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // the elements the browser drew from the HTML, before the app runs
    await page.evaluate(() => {
      const marked = window as unknown as { htmlElements: Element[] };
      marked.htmlElements = [...document.querySelectorAll('#root *')];
    });
    release();
    // a tap answers once the code has arrived and run (a tap before that reaches no code)
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const signIn = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In' });
    await expect(async () => {
      // a tap that opened the dialog late (a loaded machine) is not repeated: the dialog's overlay
      // would take the next one, and the click would wait for the button to the test's end
      if (!(await dialog.isVisible())) await signIn.click({ timeout: 1000 });
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
    await page.keyboard.press('Escape');
    const kept = await page.evaluate(() => {
      const marked = window as unknown as { htmlElements: Element[] };
      return marked.htmlElements.every((element) => element.isConnected);
    });
    expect(kept, 'every element of the HTML is still in the page').toBe(true);
    expect(errors).toEqual([]);
  });

  test("the student chat's shell comes as HTML; a question typed before the code runs stays, and the class fills the shell in", async ({
    page,
    request,
  }) => {
    const teacher = await createTeacher();
    await startTrial(request, teacher);
    const token = await apiToken(request, teacher);
    const cls = await createClassWithSyllabus(request, token, {
      className: 'Cell Biology',
      syllabusTitle: 'Course Syllabus',
      syllabus: SYLLABUS,
    });
    const errors = pageErrors(page);
    const releaseScripts = await holdScripts(page);
    let releaseSession!: () => void;
    const sessionReleased = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route(`**/api/chat/session/${cls.chatUuid}`, async (route) => {
      await sessionReleased;
      await route.continue();
    });
    await page.goto(`/chat/${cls.chatUuid}`, { waitUntil: 'commit' });
    const box = page.getByLabel('Your question');
    await expect(box).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0); // no class named yet
    await box.fill('When is the midterm exam?');
    releaseScripts();
    // nothing is sent while the class is still on its way
    await expect(page.getByRole('button', { name: 'Send question' })).toBeDisabled();
    releaseSession();
    await expect(page.getByRole('heading', { level: 1, name: 'Cell Biology' })).toBeVisible();
    await expect(box).toHaveValue('When is the midterm exam?');
    await page.getByRole('button', { name: 'Send question' }).click();
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('October 14');
    expect(errors).toEqual([]);
  });

  test('a teacher with a session never sees the signed-out landing page on the way to the dashboard', async ({
    page,
    request,
  }) => {
    const teacher = await createTeacher();
    await startTrial(request, teacher);
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard/);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    // the HTML is there, but hidden while the app is not yet running
    const landingHeading = page.locator('h1', { hasText: 'Your syllabus, answering' });
    await expect(landingHeading).toBeAttached();
    await expect(landingHeading).toBeHidden();
    release();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(landingHeading).toHaveCount(0);
  });

  test('a key pressed as a dialog opens is not lost', async ({ page }) => {
    await page.goto('/');
    const signInButton = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign In' });
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    for (let round = 0; round < 10; round++) {
      await signInButton.focus();
      await page.keyboard.press('Enter');
      // Escape as soon as the dialog is in the page, before it has finished appearing
      await dialog.waitFor({ state: 'attached' });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(signInButton).toBeFocused();
    }
  });
});
