import {
  closeCreateWizard,
  signIn,
  createTeacher,
  expect,
  expectAccessible,
  test,
} from './fixtures.ts';

test.describe('public pages', () => {
  test('the landing page has every section and the Department plan is coming soon @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    for (const text of [
      'Load Your Content',
      'Share Your Link',
      'Save Hours',
      '98%',
      'Try Free Demo',
      'Get Started Free',
    ]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /Join Waitlist/ })).toBeDisabled();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });

  test('the top bar keeps How it works, Sign In and Get Started whole on a phone @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Main' });
    const viewport = page.viewportSize()!;
    for (const control of [
      bar.getByRole('link', { name: 'How it works' }),
      bar.getByRole('button', { name: 'Sign In' }),
      bar.getByRole('button', { name: 'Get Started' }),
    ]) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await control.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });

  test('closing the sign-in dialog puts focus back on Sign In @mobile', async ({ page }) => {
    await page.goto('/');
    const signIn = page.getByRole('navigation', { name: 'Main' }).getByRole('button', {
      name: 'Sign In',
    });
    await signIn.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(signIn).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(signIn).toBeFocused();
  });

  test('the terms page shows its effective date and passes axe @mobile', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText('July 15, 2025')).toBeVisible();
    await expectAccessible(page);
  });

  test('the sign-in and sign-up dialogs pass axe @mobile', async ({ page }) => {
    // three full axe scans in one test: each takes seconds on a busy 2-core machine
    test.slow();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Forgot password/ }).click();
    await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the student chat and install-success pages pass axe', async ({ page }) => {
    await page.goto('/chat/5b0c1f7e-1111-4222-8333-944455556666');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.clock.install(); // hold the page's 3 s redirect while axe runs
    await page.goto('/install-success');
    await expect(page.getByRole('button', { name: 'Complete Setup' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown path redirects to the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the protected area sends a visitor to the landing page', async ({ page }) => {
    await page.goto('/billing');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the signed-in shell', () => {
  test.beforeEach(async ({ page }) => {
    const teacher = await createTeacher('active');
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);
    await closeCreateWizard(page);
  });

  const pages = [
    ['/dashboard', 'My Classes'],
    ['/analytics', 'Analytics'],
    ['/chats', 'Student Conversations'],
    ['/chat-history', 'Chat History'],
    ['/integrations', 'Integrations'],
    ['/account', 'My Account'],
    ['/billing', 'Billing & Usage'],
  ] as const;

  test('every protected page has its title, an empty state and no accessibility violations', async ({
    page,
  }) => {
    // one axe scan per protected page: each takes seconds on a busy 2-core machine
    test.slow();
    for (const [path, title] of pages) {
      await page.goto(path);
      if (path === '/dashboard') await closeCreateWizard(page);
      await expect(page.getByRole('heading', { name: title, exact: true }).first()).toBeVisible();
      await expectAccessible(page);
    }
  });

  // @phone-only: the drawer exists only below 1024 px, so the desktop project leaves it out
  test('the sidebar is a drawer on a phone and Escape closes it @mobile @phone-only', async ({
    page,
  }) => {
    const open = page.getByRole('button', { name: 'Open navigation' });
    await open.click();
    const nav = page.getByRole('navigation').filter({ hasText: 'Student Conversations' });
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    // focus goes back to the button that opened the drawer
    await expect(open).toBeFocused();
    await open.click();
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect(nav).toBeHidden();
    await expect(open).toBeFocused();
  });
});
