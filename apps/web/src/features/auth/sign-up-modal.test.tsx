import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { makeUser, mockApi } from '@/test/fetch-mock';
import { SignUpModal } from './sign-up-modal';

function renderModal() {
  render(
    <MemoryRouter>
      <AuthProvider>
        <SignUpModal open onOpenChange={() => undefined} onSwitchToSignIn={() => undefined} />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const user = userEvent.setup();

async function fill(values: {
  first: string;
  last: string;
  email: string;
  password: string;
  institution?: string;
}) {
  await user.type(screen.getByLabelText('First name'), values.first);
  await user.type(screen.getByLabelText('Last name'), values.last);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  if (values.institution) await user.type(screen.getByLabelText(/Institution/), values.institution);
}

describe('sign-up modal', () => {
  it('creates the account and moves to the plan step', async () => {
    const calls = mockApi({
      'POST /auth/register': {
        body: {
          success: true,
          data: {
            user: makeUser({ subscription_status: 'incomplete_signup' }),
            tokens: { access_token: 'a', refresh_token: 'r' },
          },
        },
      },
    });
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    expect(
      screen.getByText('At least 8 characters with uppercase, lowercase and a number'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    // the password hint is not enforced client-side
    await fill({ first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('dialog', { name: 'Choose your plan' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/auth/register',
      body: {
        email: 'ada@example.edu',
        password: 'short',
        first_name: 'Ada',
        last_name: 'Lovelace',
        institution: null,
      },
    });
    expect(localStorage.getItem('signup_flow_step')).toBe('pricing');
    expect(localStorage.getItem('isNewSignup')).toBe('true');
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeDisabled();
  });

  it('requires names, e-mail and password', async () => {
    const calls = mockApi({});
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server message, e.g. for a taken e-mail', async () => {
    mockApi({
      'POST /auth/register': {
        status: 409,
        body: {
          success: false,
          detail: 'An account with this email already exists',
          code: 'EMAIL_TAKEN',
        },
      },
    });
    renderModal();
    await fill({
      first: 'Ada',
      last: 'Lovelace',
      email: 'ada@example.edu',
      password: 'Secret123',
      institution: 'MIT',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    );
  });

  it('joins a 422 detail list', async () => {
    mockApi({
      'POST /auth/register': {
        status: 422,
        body: {
          success: false,
          code: 'WEAK_PASSWORD',
          detail: [{ loc: ['body', 'password'], msg: 'Password is too common', type: 'weak' }],
        },
      },
    });
    renderModal();
    await fill({ first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'Password1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is too common');
  });
});
