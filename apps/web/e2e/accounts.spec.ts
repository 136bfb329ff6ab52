import {
  closeCreateWizard,
  signIn,
  createTeacher,
  expect,
  expectAccessible,
  latestEmailTo,
  PASSWORD,
  sql,
  test,
  uniqueEmail,
} from './fixtures.ts';

test.describe('a visitor signs up', () => {
  test('opens the landing page, registers, and lands in the sign-up modal at the plan step @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog).toBeVisible();
    const email = uniqueEmail('visitor');
    await dialog.getByLabel('First name').fill('Marie');
    await dialog.getByLabel('Last name').fill('Curie');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel(/Institution/).fill('Sorbonne');
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toBeVisible();
    const stored = await page.evaluate(() => ({
      step: localStorage.getItem('signup_flow_step'),
      user: JSON.parse(localStorage.getItem('user_data') ?? '{}'),
      access: localStorage.getItem('access_token'),
    }));
    expect(stored.step).toBe('pricing');
    expect(stored.user.subscription_status).toBe('incomplete_signup');
    expect(stored.access).toBeTruthy();
    const rows = await sql<{ subscription_status: string }>(
      'SELECT subscription_status FROM users WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ subscription_status: 'incomplete_signup' }]);
  });

  test('sees the server message when the e-mail is taken', async ({ page }) => {
    const teacher = await createTeacher();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('First name').fill('Marie');
    await dialog.getByLabel('Last name').fill('Curie');
    await dialog.getByLabel('Email').fill(teacher.email.toUpperCase());
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('An account with this email already exists')).toBeVisible();
  });
});

test.describe('a returning teacher', () => {
  test('signs in, sees the dashboard shell, and signs out @mobile', async ({ page }) => {
    const teacher = await createTeacher('trialing');
    await signIn(page, teacher);

    await expect(page).toHaveURL(/\/dashboard$/);
    await closeCreateWizard(page);
    await expect(page.getByRole('heading', { name: 'My Classes' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Grace Hopper, account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    for (const key of [
      'access_token',
      'refresh_token',
      'user_data',
      'trial_data',
      'signup_flow_step',
      'isNewSignup',
    ]) {
      expect(keys).not.toContain(key);
    }
    // the protected area is closed again
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('sees "Invalid email or password" for a wrong password', async ({ page }) => {
    const teacher = await createTeacher('trialing');
    const dialog = await signIn(page, teacher, 'Not-The-Password-1');
    await expect(dialog.getByText('Invalid email or password')).toBeVisible();
  });

  test('who never finished sign-up gets the sign-up modal on the protected area', async ({
    page,
  }) => {
    const teacher = await createTeacher();
    await signIn(page, teacher);
    await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toBeVisible();
  });
});

test('a teacher resets a forgotten password through the e-mailed link', async ({
  page,
  request,
}) => {
  const teacher = await createTeacher('trialing');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page
    .getByRole('dialog', { name: 'Sign in' })
    .getByRole('button', { name: /Forgot password/ })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(teacher.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that e-mail/)).toBeVisible();

  const mail = await latestEmailTo(teacher.email);
  expect(mail.subject).toBe('Reset your Syllabot password');
  const link = /(http\S+reset_token=\S+)/.exec(mail.text_body)![1]!;
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  await page.goto(link);
  const setNew = page.getByRole('dialog', { name: 'Set a new password' });
  await expect(setNew).toBeVisible();
  await expect(page).not.toHaveURL(/reset_token/);
  await setNew.getByLabel('New password', { exact: true }).fill('Fresh-Orchard-5531');
  await setNew.getByLabel('Confirm new password').fill('Fresh-Orchard-5531');
  await setNew.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('dialog', { name: 'Password updated' })).toBeVisible();

  // the link is single-use
  await page.goto(link);
  const again = page.getByRole('dialog', { name: 'Set a new password' });
  await again.getByLabel('New password', { exact: true }).fill('Another-Orchard-7742');
  await again.getByLabel('Confirm new password').fill('Another-Orchard-7742');
  await again.getByRole('button', { name: 'Update password' }).click();
  await expect(again.getByText(/invalid or has expired/)).toBeVisible();

  const login = await request.post('/api/auth/login', {
    data: { email: teacher.email, password: 'Fresh-Orchard-5531' },
  });
  expect(login.status()).toBe(200);
});
