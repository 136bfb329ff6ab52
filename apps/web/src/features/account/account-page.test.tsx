import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { makeSubscription, makeUsage, ok } from '@/test/billing-fixtures';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

type Routes = Parameters<typeof mockApi>[0];

function signedIn(extra: Routes = {}) {
  seedSession();
  return mockApi({
    'GET /auth/profile': ok({ user: makeUser() }),
    'GET /billing/usage': ok(makeUsage({ classes_used: 2, total_cost: 18 })),
    'GET /billing/subscription': ok(makeSubscription()),
    ...extra,
  });
}

const user = userEvent.setup();

async function profileForm() {
  const heading = await screen.findByRole('heading', { name: 'Profile' });
  return heading.closest('form') as HTMLElement;
}

async function planCard() {
  const heading = await screen.findByRole('heading', { name: 'Your Plan' });
  const card = heading.closest('div.rounded-xl') as HTMLElement;
  await within(card).findByText('Season');
  return card;
}

describe('My Account', () => {
  it('shows Your Plan: plan, status, season, classes used / base, total cost; and Coming Soon', async () => {
    signedIn();
    renderApp('/account');
    const card = await planCard();
    const value = (label: string) => within(card).getByText(label).nextSibling;
    expect(value('Plan')).toHaveTextContent('Teacher plan');
    expect(value('Status')).toHaveTextContent('Trial');
    expect(value('Season')).toHaveTextContent('Fall 2025');
    expect(value('Classes used')).toHaveTextContent('2 / 3');
    expect(value('Total cost')).toHaveTextContent('$18.00');
    expect(within(card).getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeInTheDocument();
  });

  it('cancels after confirming; then shows "Cancels on {date}" and hides the button', async () => {
    const calls = signedIn({
      'POST /billing/cancel': ok(makeSubscription({ cancel_at_period_end: true })),
    });
    renderApp('/account');
    const card = await planCard();
    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent(
      'You keep full access until September 4, 2025. After that your account is suspended',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await screen.findByText('Plan cancelled successfully')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/billing/cancel')).toBe(true);
    expect(within(card).getByText('Cancels on September 4, 2025')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(card).queryByRole('button', { name: 'Cancel Subscription' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('resumes a cancelled plan before it ends; add-ons are shown beside the base classes', async () => {
    const calls = signedIn({
      'GET /billing/usage': ok(makeUsage({ classes_used: 4, addon_classes: 1 })),
      'GET /billing/subscription': ok(makeSubscription({ cancel_at_period_end: true })),
      'POST /billing/resume': ok(makeSubscription({ cancel_at_period_end: false })),
    });
    renderApp('/account');
    const card = await planCard();
    expect(within(card).getByText('Classes used').nextSibling).toHaveTextContent(
      '4 / 3 + 1 add-on',
    );
    await user.click(within(card).getByRole('button', { name: 'Resume plan' }));
    expect(await screen.findByText('Your plan will renew as before')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/billing/resume')).toBe(true);
    expect(
      await within(card).findByRole('button', { name: 'Cancel Subscription' }),
    ).toBeInTheDocument();
  });

  it('uses the period end for an active plan, and can be kept', async () => {
    signedIn({ 'GET /billing/subscription': ok(makeSubscription({ status: 'active' })) });
    renderApp('/account');
    const card = await planCard();
    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('You keep full access until January 15, 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts "Failed to cancel plan"', async () => {
    signedIn({
      'POST /billing/cancel': { status: 500, body: { success: false, detail: 'x', code: 'X' } },
    });
    renderApp('/account');
    const card = await planCard();
    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await screen.findByText('Failed to cancel plan')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it('hides Cancel Subscription for an already cancelled plan', async () => {
    signedIn({
      'GET /billing/subscription': ok(makeSubscription({ cancel_at_period_end: true })),
    });
    renderApp('/account');
    const card = await planCard();
    expect(within(card).getByText('Cancels on September 4, 2025')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('toasts "Failed to load subscription" and "Failed to load profile"', async () => {
    seedSession();
    mockApi({
      'GET /auth/profile': { status: 500, body: { success: false, detail: 'x', code: 'X' } },
      'GET /billing/usage': { status: 500, body: { success: false, detail: 'x', code: 'X' } },
      'GET /billing/subscription': {
        status: 500,
        body: { success: false, detail: 'x', code: 'X' },
      },
    });
    renderApp('/account');
    expect(await screen.findByText('Failed to load subscription')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(screen.getByText('Your plan details could not be loaded.')).toBeInTheDocument();
  });

  it('saves the profile with the current password: "Profile updated" / "Failed to update profile"', async () => {
    let fail = false;
    const calls = signedIn({
      'PUT /auth/profile': () =>
        fail
          ? { status: 500, body: { success: false, detail: 'x', code: 'X' } }
          : ok({ user: makeUser({ institution: 'MIT' }) }),
    });
    renderApp('/account');
    const form = await profileForm();
    const institution = within(form).getByLabelText(/Institution/);
    await user.clear(institution);
    await user.type(institution, 'MIT');
    await user.type(within(form).getByLabelText(/Current password/), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/auth/profile',
      body: {
        email: 'ada@example.edu',
        first_name: 'Ada',
        last_name: 'Lovelace',
        institution: 'MIT',
        current_password: 'Secret-Pass-1',
      },
    });
    // the password field is emptied after a save
    expect(within(form).getByLabelText(/Current password/)).toHaveValue('');
    fail = true;
    await user.clear(institution);
    await user.type(institution, 'Caltech');
    await user.type(within(form).getByLabelText(/Current password/), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('asks for the current password before saving, without calling the server', async () => {
    const calls = signedIn();
    renderApp('/account');
    const form = await profileForm();
    const institution = within(form).getByLabelText(/Institution/);
    await user.type(institution, ' Tech');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await within(form).findByText(ACCOUNT_MESSAGES.currentPasswordRequired),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a wrong current password is shown on its field', async () => {
    signedIn({
      'PUT /auth/profile': {
        status: 403,
        body: { success: false, detail: ACCOUNT_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' },
      },
    });
    renderApp('/account');
    const form = await profileForm();
    await user.type(within(form).getByLabelText(/Institution/), ' Tech');
    const password = within(form).getByLabelText(/Current password/);
    await user.type(password, 'Not-It-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('a new e-mail waits for its link: the page says so and keeps the old address', async () => {
    signedIn({
      'PUT /auth/profile': ok({ user: makeUser({ pending_email: 'grace@navy.test' }) }),
    });
    renderApp('/account');
    const form = await profileForm();
    const email = within(form).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@navy.test');
    await user.type(within(form).getByLabelText(/Current password/), 'Secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await within(form).findByText(
        'We sent a link to grace@navy.test; your address changes once you open it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveValue('ada@example.edu'));
    expect(JSON.parse(localStorage.getItem('user_data')!).email).toBe('ada@example.edu');
  });

  it('shows a pending address from the profile when the page opens', async () => {
    signedIn({ 'GET /auth/profile': ok({ user: makeUser({ pending_email: 'new@uni.test' }) }) });
    renderApp('/account');
    expect(
      await screen.findByText(
        'We sent a link to new@uni.test; your address changes once you open it.',
      ),
    ).toBeInTheDocument();
  });
});

describe('My Account: password', () => {
  async function passwordForm() {
    const heading = await screen.findByRole('heading', { name: 'Password' });
    return heading.closest('form') as HTMLElement;
  }

  it('changes the password with the current one: "Password updated", fields cleared', async () => {
    const calls = signedIn({ 'POST /auth/update-password': ok(undefined) });
    renderApp('/account');
    const form = await passwordForm();
    await user.type(within(form).getByLabelText('Current password'), 'Old-Secret-1');
    await user.type(within(form).getByLabelText(/^New password/), 'New-Secret-22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-Secret-22');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/update-password')).toMatchObject({
      method: 'POST',
      body: { password: 'New-Secret-22', current_password: 'Old-Secret-1' },
      authorization: 'Bearer access-1',
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('needs the current password and a matching confirmation before calling the server', async () => {
    const calls = signedIn();
    renderApp('/account');
    const form = await passwordForm();
    await user.type(within(form).getByLabelText(/^New password/), 'New-Secret-22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Other-Secret-22');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(
      await within(form).findByText(ACCOUNT_MESSAGES.currentPasswordRequired),
    ).toBeInTheDocument();
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/update-password')).toBe(false);
  });

  it('shows a wrong current password on its field, and other refusals above the form', async () => {
    let reply: { status: number; body: { success: false; detail: string; code: string } } = {
      status: 403,
      body: { success: false, detail: ACCOUNT_MESSAGES.wrongPassword, code: 'WRONG_PASSWORD' },
    };
    signedIn({ 'POST /auth/update-password': () => reply });
    renderApp('/account');
    const form = await passwordForm();
    await user.type(within(form).getByLabelText('Current password'), 'Not-It-1');
    await user.type(within(form).getByLabelText(/^New password/), 'New-Secret-22');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New-Secret-22');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    reply = {
      status: 422,
      body: {
        success: false,
        detail: 'This password is too common. Please choose a less predictable one.',
        code: 'WEAK_PASSWORD',
      },
    };
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This password is too common');
  });
});
