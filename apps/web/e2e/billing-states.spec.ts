import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiToken,
  createTeacher,
  expect,
  expectAccessible,
  signIn,
  sql,
  startTrial,
  test,
  type Teacher,
} from './fixtures.ts';

/**
 * Billing speaks one language (issue 31, item 7): in each state a teacher can reach, Billing &
 * Usage's "Next class", its one line and its action agree: never "Included" beside an offer to
 * buy an add-on, no offer after cancelling, and each class counted in its own semester. Payments
 * are the local demo provider's, as in every journey (no card is charged).
 */

type Season = { season: 'Spring' | 'Summer' | 'Fall'; year: number; name: string };

async function currentSeason(request: APIRequestContext): Promise<Season> {
  const res = await request.get('/api/billing/current-season');
  return ((await res.json()) as { data: Season }).data;
}

async function addClass(
  request: APIRequestContext,
  token: string,
  name: string,
  term: { semester: string; year: number },
) {
  const res = await request.post('/api/classes', {
    headers: { Authorization: `Bearer ${token}` },
    data: { class_name: name, ...term },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function buyAddon(request: APIRequestContext, token: string) {
  return request.post('/api/billing/payment/purchase-addon', {
    headers: { Authorization: `Bearer ${token}` },
    data: { class_count: 1 },
  });
}

async function openBilling(page: Page) {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
}

/** The usage card's parts: its "Next class" tile, its line and its action. */
function usageCard(page: Page, season: string) {
  const card = page.locator('div.rounded-xl', {
    has: page.getByRole('heading', { name: `Classes in ${season}` }),
  });
  return {
    card,
    next: card.locator('dt', { hasText: 'Next class' }).locator('xpath=following-sibling::dd'),
    note: card.locator('#next-class-note'),
    buy: card.getByRole('button', { name: 'Buy an add-on class' }),
    account: card.getByRole('link', { name: 'Go to My Account' }),
  };
}

async function signedInTeacher(page: Page, request: APIRequestContext) {
  const teacher: Teacher = await createTeacher('incomplete_signup');
  await startTrial(request, teacher);
  const token = await apiToken(request, teacher);
  await signIn(page, teacher);
  await expect(page).toHaveURL(/\/dashboard/);
  return { teacher, token };
}

test.describe('Billing & Usage in each state @mobile', () => {
  test('trial, add-on offered and bought, other semesters, cancelled, resumed, suspended', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const season = await currentSeason(request);
    const here = { semester: season.season, year: season.year };
    const later = { semester: 'Spring', year: season.year + 1 };
    const { teacher, token } = await signedInTeacher(page, request);

    // on the trial with every class left: included, nothing offered
    await openBilling(page);
    const usage = usageCard(page, season.name);
    await expect(page.getByTestId('subscription-status')).toHaveText('Trial');
    await expect(usage.next).toHaveText('Included');
    await expect(usage.note).toHaveText(
      `You can create 3 more classes in ${season.name} within your plan.`,
    );
    await expect(usage.buy).toHaveCount(0);
    await expectAccessible(page);

    // a class of a later semester takes none of this one's: after this season's 3, an add-on
    await addClass(request, token, 'Next term', later);
    for (let i = 1; i <= 3; i++) await addClass(request, token, `Course ${i}`, here);
    await openBilling(page);
    await expect(usage.next).toHaveText('$6.00');
    await expect(usage.note).toHaveText(
      `You have used all 3 classes included in ${season.name}. An add-on class costs $6.00.`,
    );
    await expect(usage.buy).toBeEnabled();
    await expect(usage.buy).toHaveAccessibleDescription(await usage.note.innerText());
    const others = page.getByRole('region', { name: 'Other semesters' });
    await expect(others).toContainText(`Spring ${season.year + 1}`);
    await expect(others).toContainText('1 of 3 classes used');
    await expectAccessible(page);

    // with the keyboard: Escape gives focus back to the offer; paying, to the line that replaces it
    await usage.buy.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Buy an add-on class' });
    await expect(dialog).toContainText(`to ${season.name}`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(usage.buy).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Pay $6.00' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Add-on class added')).toBeVisible();
    await expect(usage.next).toHaveText('Included');
    await expect(usage.buy).toHaveCount(0);
    await expect(usage.note).toHaveText(
      `You can create 1 more class in ${season.name} within your plan.`,
    );
    await expect(usage.note).toBeFocused();

    // cancelled with the included classes used: nothing offered, anywhere
    await addClass(request, token, 'Course 4', here);
    expect(
      (
        await request.post('/api/billing/cancel', { headers: { Authorization: `Bearer ${token}` } })
      ).ok(),
    ).toBe(true);
    await openBilling(page);
    await expect(page.getByTestId('subscription-status')).toContainText('Cancels on');
    await expect(page.getByText('Access until')).toBeVisible();
    await expect(usage.next).toHaveText('Unavailable');
    await expect(usage.note).toHaveText(
      `You have used all 3 classes included in ${season.name} and your 1 add-on class. Your plan is cancelled, so no add-on class can be bought: resume it in My Account to add one.`,
    );
    await expect(usage.buy).toHaveCount(0);
    await expectAccessible(page);
    const refused = await buyAddon(request, token);
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('PLAN_CANCELLED');

    // resumed in My Account, the add-on is offered again
    await usage.account.click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('button', { name: 'Resume plan' }).click();
    await expect(page.getByText('Your plan will renew as before')).toBeVisible();
    await openBilling(page);
    await expect(usage.next).toHaveText('$6.00');
    await expect(usage.buy).toBeEnabled();

    // the plan has ended: no renewal date, nothing left, nothing offered
    await sql(`UPDATE users SET subscription_status = 'suspended' WHERE email = $1`, [
      teacher.email,
    ]);
    await openBilling(page);
    await expect(page.getByTestId('subscription-status')).toHaveText('Suspended');
    await expect(page.getByText('Renews on')).toHaveCount(0);
    await expect(page.getByText('Trial ends')).toHaveCount(0);
    await expect(usage.next).toHaveText('Unavailable');
    await expect(usage.note).toHaveText(
      'Your subscription is not active, so no class can be created or added.',
    );
    await expect(usage.buy).toHaveCount(0);
    await expectAccessible(page);
  });

  test('at the maximum of a semester nothing is offered or priced', async ({ page, request }) => {
    test.setTimeout(90_000);
    const season = await currentSeason(request);
    const here = { semester: season.season, year: season.year };
    const { token } = await signedInTeacher(page, request);
    for (let i = 1; i <= 10; i++) {
      if (i > 3) expect((await buyAddon(request, token)).status()).toBe(200);
      await addClass(request, token, `Course ${i}`, here);
    }
    await openBilling(page);
    const usage = usageCard(page, season.name);
    await expect(usage.next).toHaveText('Unavailable');
    await expect(usage.note).toHaveText(
      `You have reached the maximum of 10 classes in ${season.name}.`,
    );
    await expect(usage.buy).toHaveCount(0);
    // nor does Create New Class show a price
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: /Create New Class/ })).not.toContainText('$');
    await openBilling(page);
    await expectAccessible(page);
  });
});
