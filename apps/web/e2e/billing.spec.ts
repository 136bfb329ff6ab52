import type { Page } from '@playwright/test';
import {
  apiToken,
  closeCreateWizard,
  createTeacher,
  expect,
  expectAccessible,
  PASSWORD,
  signIn,
  sql,
  startTrial,
  test,
  uniqueEmail,
  gotoAfterSignIn,
} from './fixtures.ts';

const DEMO_BANNER = 'Demo mode — no card is charged';
const DAY_MS = 86_400_000;

async function openPaymentStep(page: Page) {
  await page
    .getByRole('dialog', { name: 'Choose your plan' })
    .getByRole('button', { name: 'Start Free Trial' })
    .click();
  const payment = page.getByRole('dialog', { name: 'Start your free trial' });
  await expect(payment).toBeVisible();
  await expect(payment.getByText(DEMO_BANNER)).toBeVisible();
  return payment;
}

test.describe('a visitor starts the free trial', () => {
  test('registers, pays with a demo card, lands on the dashboard, then cancels from My Account', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('trial');
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const signup = page.getByRole('dialog', { name: 'Create your account' });
    await signup.getByLabel('First name').fill('Katherine');
    await signup.getByLabel('Last name').fill('Johnson');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Create account' }).click();

    const pricing = page.getByRole('dialog', { name: 'Choose your plan' });
    await expect(pricing).toBeVisible();
    await expect(pricing.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled();

    const payment = await openPaymentStep(page);
    expect(await page.evaluate(() => localStorage.getItem('signup_flow_step'))).toBe('payment');
    await expect(payment.getByText('$18 per semester after your 3-day free trial')).toBeVisible();
    await expect(payment.getByLabel('Email')).toHaveValue(email);
    await expectAccessible(page);

    await payment.getByLabel('Cardholder name').fill('Katherine Johnson');
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByLabel('ZIP code').fill('12345');
    await expect(payment.getByTestId('card-brand')).toHaveText('Visa');
    const started = Date.now();
    await payment.getByRole('button', { name: 'Start my free trial' }).click();

    await expect(page.getByRole('dialog', { name: 'Setting up your trial' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: "You're all set" })).toBeVisible();
    await page.waitForURL('**/dashboard?trial=active&welcome=true');
    await closeCreateWizard(page);
    const welcome = page.getByRole('region', { name: 'Welcome' });
    await expect(welcome).toContainText('Your 3-day free trial has started');
    await expect(welcome).toContainText('Your trial runs until');
    const stored = await page.evaluate(() => ({
      step: localStorage.getItem('signup_flow_step'),
      fresh: localStorage.getItem('isNewSignup'),
    }));
    expect(stored).toEqual({ step: null, fresh: null });

    const [row] = await sql<{ subscription_status: string; trial_end: Date }>(
      'SELECT subscription_status, trial_end FROM users WHERE email = $1',
      [email],
    );
    expect(row?.subscription_status).toBe('trialing');
    const trialEnd = new Date(row!.trial_end).getTime();
    expect(Math.abs(trialEnd - (started + 3 * DAY_MS))).toBeLessThan(5 * 60_000);

    await page.getByRole('button', { name: 'Katherine Johnson, account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect(confirm).toContainText('After that your account is suspended');
    await confirm.getByRole('button', { name: 'Yes, cancel my plan' }).click();
    await expect(page.getByText('Plan cancelled successfully')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toContainText('Cancels on');
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    const [cancelled] = await sql<{ cancel_at_period_end: boolean }>(
      'SELECT cancel_at_period_end FROM users WHERE email = $1',
      [email],
    );
    expect(cancelled?.cancel_at_period_end).toBe(true);
  });

  test('sees every card-form message for an empty form, and Back returns to the plans', async ({
    page,
  }) => {
    const teacher = await createTeacher('incomplete_signup');
    await signIn(page, teacher);
    const payment = await openPaymentStep(page);
    await payment.getByLabel('Email').fill('');
    await payment.getByRole('button', { name: 'Start my free trial' }).click();
    for (const message of [
      'Please enter the cardholder name',
      'Please enter a valid email address',
      'Please enter a valid zip code',
      'Please enter a valid card number',
      'Please enter the expiry date as MM/YY',
      'Please enter the 3 or 4 digit security code',
    ]) {
      await expect(payment.getByText(message)).toBeVisible();
    }
    await expect(payment.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await payment.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('signup_flow_step'))).toBe('pricing');
  });

  test('a returning teacher resumes at the payment step @mobile', async ({ page }) => {
    const teacher = await createTeacher('incomplete_signup');
    await signIn(page, teacher);
    await openPaymentStep(page);
    await page.reload();
    const payment = page.getByRole('dialog', { name: 'Start your free trial' });
    await expect(payment).toBeVisible();
    await expect(payment.getByText(DEMO_BANNER)).toBeVisible();
    for (const label of [
      'Cardholder name',
      'Email',
      'Card number',
      'Expiry (MM/YY)',
      'CVC',
      'ZIP code',
    ]) {
      await expect(payment.getByLabel(label)).toBeVisible();
    }
    const box = await payment.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
  });
});

test.describe('a teacher on the trial', () => {
  test('reads Billing & Usage and, its included classes used, buys an add-on class in demo mode', async ({
    page,
    request,
  }) => {
    const teacher = await createTeacher('incomplete_signup');
    await startTrial(request, teacher);
    // an add-on is offered once the season's 3 included classes are used
    const season = (
      (await (await request.get('/api/billing/current-season')).json()) as {
        data: { season: string; year: number; name: string };
      }
    ).data;
    const token = await apiToken(request, teacher);
    for (let i = 1; i <= 3; i++) {
      const made = await request.post('/api/classes', {
        headers: { Authorization: `Bearer ${token}` },
        data: { class_name: `Course ${i}`, semester: season.season, year: season.year },
      });
      expect(made.status()).toBe(201);
    }
    await signIn(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);

    await gotoAfterSignIn(page, '/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Billing & Usage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
    await expect(page.getByText('Teacher plan')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
    const bar = page.getByRole('progressbar', { name: `Classes used in ${season.name}` });
    await expect(bar).toHaveAttribute('aria-valuemax', '3');
    await expect(page.getByText('Semester cap: 10 classes')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Buy an add-on class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy an add-on class' });
    await expect(dialog.getByText(DEMO_BANNER)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText('Add-on class added')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuemax', '4');
  });
});
