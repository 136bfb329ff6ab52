import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const ok = <T,>(data: T) => ({ body: { success: true, data } });

/** The links e-mailed when an account changes land on the landing page, as the reset link does. */
describe('account links on the landing page', () => {
  it('opens "Confirm your new e-mail address" from the link and removes its token from the URL', async () => {
    const calls = mockApi({ 'POST /auth/confirm-email': ok({ email: 'grace@navy.test' }) });
    const replace = vi.spyOn(window.history, 'replaceState');
    renderApp('/?confirm_email_token=tok-confirm');
    expect(
      await screen.findByRole('dialog', { name: 'Confirm your new e-mail address' }),
    ).toBeInTheDocument();
    expect(replace).toHaveBeenCalled();
    expect(String(replace.mock.calls.at(-1)?.[2])).not.toContain('tok-confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByText(/Your account now uses grace@navy.test/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/confirm-email')?.body).toEqual({
      token: 'tok-confirm',
    });
  });

  it('opens the "this wasn\'t me" view from the alert link and removes its token from the URL', async () => {
    mockApi({});
    const replace = vi.spyOn(window.history, 'replaceState');
    renderApp('/?not_me_token=tok-notme');
    expect(
      await screen.findByRole('dialog', { name: "Wasn't you? Secure your account" }),
    ).toBeInTheDocument();
    expect(String(replace.mock.calls.at(-1)?.[2])).not.toContain('not_me_token');
  });

  it('a signed-in teacher following a link stays on the page to act on it', async () => {
    seedSession();
    mockApi({ 'GET /auth/profile': ok({ user: makeUser() }) });
    const { router } = renderApp('/?not_me_token=tok-notme');
    expect(
      await screen.findByRole('dialog', { name: "Wasn't you? Secure your account" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
