import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESET_PASSWORD_REPLY } from '@app/contracts';
import { AuthProvider } from '@/lib/auth';
import { makeUser, mockApi, networkDown } from '@/test/fetch-mock';
import { SignInModal, type SignInModalProps } from './sign-in-modal';

function renderModal(props: Partial<SignInModalProps> = {}) {
  const onSignedIn = vi.fn();
  render(
    <AuthProvider>
      <SignInModal
        open
        onOpenChange={() => undefined}
        onSwitchToSignUp={() => undefined}
        onSignedIn={onSignedIn}
        {...props}
      />
    </AuthProvider>,
  );
  return { onSignedIn };
}

const user = userEvent.setup();

describe('sign-in modal', () => {
  it('signs in and hands over to the redirect', async () => {
    const calls = mockApi({
      'POST /auth/login': {
        body: {
          success: true,
          data: { user: makeUser(), tokens: { access_token: 'a', refresh_token: 'r' } },
        },
      },
    });
    const { onSignedIn } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      path: '/auth/login',
      body: { email: 'ada@example.edu', password: 'Secret123' },
    });
  });

  it('shows the server message on failure', async () => {
    mockApi({
      'POST /auth/login': {
        status: 401,
        body: { success: false, detail: 'Invalid email or password' },
      },
    });
    const { onSignedIn } = renderModal();
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('validates the fields before calling the server', async () => {
    const calls = mockApi({});
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('forgot password: sends the link and shows the server message', async () => {
    const calls = mockApi({
      'POST /auth/reset-password': { body: { success: true, message: RESET_PASSWORD_REPLY } },
    });
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(RESET_PASSWORD_REPLY)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/auth/reset-password',
      body: { email: 'ada@example.edu' },
    });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('forgot password: shows the client error text when the network is down', async () => {
    mockApi({ 'POST /auth/reset-password': () => networkDown() });
    renderModal({ initialView: 'forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error: Please check your connection.',
    );
  });

  it('set a new password: sends the reset token as bearer, then offers sign in', async () => {
    localStorage.setItem('access_token', 'someone-elses-session');
    const calls = mockApi({ 'POST /auth/update-password': { body: { success: true } } });
    renderModal({ initialView: 'set-new-password', resetToken: 'reset-xyz' });
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'NewSecret123');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('dialog', { name: 'Password updated' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/update-password')).toMatchObject({
      method: 'POST',
      body: { password: 'NewSecret123' },
      authorization: 'Bearer reset-xyz',
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('set a new password: mismatched confirmation is caught client-side', async () => {
    const calls = mockApi({});
    renderModal({ initialView: 'set-new-password', resetToken: 't' });
    await user.type(screen.getByLabelText('New password'), 'NewSecret123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('set a new password: shows the server message for an expired link', async () => {
    mockApi({
      'POST /auth/update-password': {
        status: 401,
        body: { success: false, detail: 'Reset link has expired' },
      },
    });
    renderModal({ initialView: 'set-new-password', resetToken: 't' });
    await user.type(screen.getByLabelText('New password'), 'NewSecret123');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset link has expired');
  });
});
