import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { AuthProvider } from '@/lib/auth';
import { makeUser, mockApi, seedSession } from '@/test/fetch-mock';
import { notMeSummary } from './account-link-views';
import { SignInModal, type SignInModalProps } from './sign-in-modal';

function renderModal(props: Partial<SignInModalProps> = {}) {
  render(
    <AuthProvider>
      <SignInModal
        open
        onOpenChange={() => undefined}
        onSwitchToSignUp={() => undefined}
        onSignedIn={vi.fn()}
        {...props}
      />
    </AuthProvider>,
  );
}

const user = userEvent.setup();
const ok = <T,>(data: T) => ({ body: { success: true, data } });

describe('the confirm-email view (the link sent to a new address)', () => {
  it('changes nothing until asked; then sends the token without a session and says the new address', async () => {
    // another account signed in on this browser: its token is not sent
    seedSession(makeUser({ email: 'someone@else.test' }), { access: 'other-access', refresh: 'r' });
    const calls = mockApi({
      'POST /auth/confirm-email': ok({ email: 'grace@navy.test' }),
      'GET /auth/profile': ok({ user: makeUser() }),
    });
    renderModal({ initialView: 'confirm-email', linkToken: 'confirm-123' });
    expect(
      screen.getByRole('dialog', { name: 'Confirm your new e-mail address' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/confirm-email')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByRole('dialog', { name: 'E-mail address changed' })).toHaveTextContent(
      'Your account now uses grace@navy.test.',
    );
    expect(calls.find((c) => c.path === '/auth/confirm-email')).toMatchObject({
      method: 'POST',
      body: { token: 'confirm-123' },
      authorization: undefined,
    });
  });

  it('signed out, offers to sign in afterwards', async () => {
    mockApi({ 'POST /auth/confirm-email': ok({ email: 'grace@navy.test' }) });
    renderModal({ initialView: 'confirm-email', linkToken: 'confirm-123' });
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await screen.findByRole('dialog', { name: 'E-mail address changed' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the server message for a used or expired link', async () => {
    mockApi({
      'POST /auth/confirm-email': {
        status: 401,
        body: {
          success: false,
          detail: ACCOUNT_MESSAGES.invalidConfirmLink,
          code: 'TOKEN_INVALID',
        },
      },
    });
    renderModal({ initialView: 'confirm-email', linkToken: 'used' });
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.invalidConfirmLink);
    expect(
      screen.getByRole('dialog', { name: 'Confirm your new e-mail address' }),
    ).toBeInTheDocument();
  });
});

describe('the not-me view ("this wasn\'t me")', () => {
  it('secures the account only when asked, then says what was done', async () => {
    const calls = mockApi({
      'POST /auth/not-me': ok({ email_change_cancelled: true, email_restored: null }),
    });
    renderModal({ initialView: 'not-me', linkToken: 'notme-1' });
    const dialog = screen.getByRole('dialog', { name: "Wasn't you? Secure your account" });
    expect(dialog).toHaveTextContent('signed out on every device');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Secure my account' }));
    const done = await screen.findByRole('dialog', { name: 'Your account is secured' });
    expect(done).toHaveTextContent('Your account has been signed out on every device.');
    expect(done).toHaveTextContent('The change of your e-mail address is cancelled.');
    expect(done).toHaveTextContent('we e-mailed you a link to choose a new one');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/not-me',
      body: { token: 'notme-1' },
      authorization: undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('names an address that was put back', () => {
    expect(notMeSummary({ email_change_cancelled: false, email_restored: 'ada@uni.test' })).toBe(
      'Your account has been signed out on every device. Your e-mail address is ada@uni.test again. Your password no longer works: we e-mailed you a link to choose a new one.',
    );
  });

  it('shows the server message for a used link', async () => {
    mockApi({
      'POST /auth/not-me': {
        status: 401,
        body: { success: false, detail: ACCOUNT_MESSAGES.invalidNotMeLink, code: 'TOKEN_INVALID' },
      },
    });
    renderModal({ initialView: 'not-me', linkToken: 'used' });
    await user.click(screen.getByRole('button', { name: 'Secure my account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.invalidNotMeLink),
    );
  });
});
