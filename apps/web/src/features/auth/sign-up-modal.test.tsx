import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES, LOCAL_PAYMENT_METHOD_PATTERN } from '@app/contracts';
import { AppProviders, createQueryClient } from '@/app/providers';
import { hardRedirect } from '@/lib/navigation';
import { makeSetup, makePricing, ok } from '@/test/billing-fixtures';
import { makeUser, mockApi, seedSession, type Reply } from '@/test/fetch-mock';
import { SignUpModal } from './sign-up-modal';

vi.mock('@/lib/navigation', () => ({ hardRedirect: vi.fn() }));

function renderModal() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <SignUpModal open onOpenChange={() => undefined} onSwitchToSignIn={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const user = userEvent.setup();

beforeEach(() => {
  vi.mocked(hardRedirect).mockClear();
});

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

describe('sign-up modal: account step', () => {
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
      'GET /billing/pricing': ok(makePricing()),
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
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
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

type Routes = Parameters<typeof mockApi>[0];

/** A signed-in teacher who has not paid yet; the profile turns 'trialing' once the trial exists. */
function signedInIncomplete(extra: Routes = {}, opts: { profileAfterPay?: () => Reply } = {}) {
  const incomplete = makeUser({ subscription_status: 'incomplete_signup' });
  seedSession(incomplete);
  let paid = false;
  const calls = mockApi({
    'GET /auth/profile': () => {
      if (paid && opts.profileAfterPay) return opts.profileAfterPay();
      const current = paid
        ? makeUser({
            subscription_status: 'trialing',
            subscription_id: 'sub_local_1',
            trial_end: '2025-09-04T12:00:00.000Z',
          })
        : incomplete;
      return ok({ user: current });
    },
    'GET /billing/pricing': ok(makePricing()),
    'GET /billing/payment/stripe-data': ok(makeSetup()),
    'POST /billing/payment/create-trial-subscription': () => {
      paid = true;
      return ok({ id: 'sub_local_1', trial_end: '2025-09-04T12:00:00.000Z' });
    },
    ...extra,
  });
  return calls;
}

async function openPayment() {
  renderModal();
  await user.click(await screen.findByRole('button', { name: 'Start Free Trial' }));
  return screen.findByRole('dialog', { name: 'Start your free trial' });
}

async function fillCard(values: Partial<Record<string, string>> = {}) {
  const v = {
    name: 'Ada Lovelace',
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    zip: '12345',
    ...values,
  };
  if (v.name) await user.type(screen.getByLabelText('Cardholder name'), v.name);
  if (v.number) await user.type(screen.getByLabelText('Card number'), v.number);
  if (v.expiry) await user.type(screen.getByLabelText('Expiry (MM/YY)'), v.expiry);
  if (v.cvc) await user.type(screen.getByLabelText('CVC'), v.cvc);
  if (v.zip) await user.type(screen.getByLabelText('ZIP code'), v.zip);
}

const submitCard = () => user.click(screen.getByRole('button', { name: 'Start my free trial' }));

describe('sign-up modal: plan and payment steps', () => {
  it('resumes a returning teacher at the plan step by default', async () => {
    signedInIncomplete();
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Choose your plan' })).toBeInTheDocument();
  });

  it('resumes a returning teacher at the saved payment step', async () => {
    signedInIncomplete();
    localStorage.setItem('signup_flow_step', 'payment');
    renderModal();
    expect(
      await screen.findByRole('dialog', { name: 'Start your free trial' }),
    ).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem('user_data')!) as { email: string };
    expect(await screen.findByLabelText('Email')).toHaveValue(stored.email);
  });

  it('shows the Teacher plan from the server; the Department plan does nothing', async () => {
    signedInIncomplete();
    renderModal();
    const teacher = await screen.findByRole('article', { name: 'Teacher plan' });
    expect(await within(teacher).findByText('Student chat links')).toBeInTheDocument();
    expect(within(teacher).getByText('$18')).toBeInTheDocument();
    const department = screen.getByRole('article', { name: 'Department plan' });
    expect(within(department).getByText('Coming soon')).toBeInTheDocument();
    const waitlist = within(department).getByRole('button', { name: 'Join Waitlist' });
    expect(waitlist).toBeDisabled();
    await user.click(waitlist);
    expect(screen.getByRole('dialog', { name: 'Choose your plan' })).toBeInTheDocument();
    expect(localStorage.getItem('signup_flow_step')).toBeNull();
  });

  it('Start Free Trial opens the payment step (saved), with the demo banner and summary; Back returns to pricing', async () => {
    signedInIncomplete();
    const dialog = await openPayment();
    expect(localStorage.getItem('signup_flow_step')).toBe('payment');
    expect(await within(dialog).findByText(BILLING_MESSAGES.demoMode)).toBeInTheDocument();
    expect(
      within(dialog).getByText('$18 per semester after your 3-day free trial'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Choose your plan' })).toBeInTheDocument();
    expect(localStorage.getItem('signup_flow_step')).toBe('pricing');
  });

  it('shows every card-form message for an empty form and sends nothing', async () => {
    const calls = signedInIncomplete();
    await openPayment();
    await screen.findByLabelText('Card number');
    await user.clear(screen.getByLabelText('Email'));
    await submitCard();
    expect(await screen.findByText('Please enter the cardholder name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid zip code')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the expiry date as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 3 or 4 digit security code')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('checks the card locally: Luhn, expiry in the past, CVC, zip and an e-mail without @', async () => {
    const calls = signedInIncomplete();
    await openPayment();
    await screen.findByLabelText('Card number');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada.example.edu');
    await fillCard({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', zip: '1234' });
    await submitCard();
    expect(await screen.findByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('This card has expired')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 3 or 4 digit security code')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid zip code')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('pays with a local payment method id, polls, shows success and redirects', async () => {
    const calls = signedInIncomplete();
    localStorage.setItem('isNewSignup', 'true');
    await openPayment();
    await screen.findByLabelText('Card number');
    await fillCard();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');
    await submitCard();
    expect(
      await screen.findByRole('dialog', { name: 'Setting up your trial' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: "You're all set" })).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/billing/payment/create-trial-subscription');
    expect(post?.body).toEqual({
      payment_method_id: 'pm_local_visa_4242',
      cardholder_name: 'Ada Lovelace',
      billing_email: 'ada@example.edu',
    });
    expect((post?.body as { payment_method_id: string }).payment_method_id).toMatch(
      LOCAL_PAYMENT_METHOD_PATTERN,
    );
    expect(JSON.stringify(post?.body)).not.toContain('4242424242424242');
    expect(hardRedirect).not.toHaveBeenCalled();
    await waitFor(
      () => expect(hardRedirect).toHaveBeenCalledWith('/dashboard?trial=active&welcome=true'),
      { timeout: 2500 },
    );
    expect(localStorage.getItem('signup_flow_step')).toBeNull();
    expect(localStorage.getItem('isNewSignup')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user_data')!).subscription_status).toBe('trialing');
  });

  it('a declined card shows the server detail and restores the form with its values', async () => {
    signedInIncomplete({
      'POST /billing/payment/create-trial-subscription': {
        status: 402,
        body: { success: false, detail: 'Your card was declined.', code: 'CARD_DECLINED' },
      },
    });
    await openPayment();
    await screen.findByLabelText('Card number');
    await fillCard();
    await submitCard();
    const dialog = await screen.findByRole('dialog', { name: 'Start your free trial' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(within(dialog).getByLabelText('Cardholder name')).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(within(dialog).getByLabelText('ZIP code')).toHaveValue('12345');
    expect(hardRedirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('signup_flow_step')).toBe('payment');
  });

  it('without a server detail shows the error text', async () => {
    signedInIncomplete({
      'POST /billing/payment/create-trial-subscription': { status: 500 },
    });
    await openPayment();
    await screen.findByLabelText('Card number');
    await fillCard();
    await submitCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected server error occurred.',
    );
  });
});
