import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import StripeCardForm from './stripe-card-form';

const stripe = vi.hoisted(() => ({
  createPaymentMethod: vi.fn(),
  element: { id: 'card-element' } as object | null,
  loadStripe: vi.fn(async () => ({})),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod }),
  useElements: () => ({ getElement: () => stripe.element }),
}));

const user = userEvent.setup();

function renderForm() {
  const onPay = vi.fn();
  render(
    <StripeCardForm
      publishableKey="pk_test_123"
      defaultValues={{ cardholder_name: '', billing_email: 'ada@example.edu', postal_code: '' }}
      submitLabel="Start my free trial"
      onBack={() => undefined}
      onPay={onPay}
    />,
  );
  return onPay;
}

async function fillAndSubmit() {
  await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('ZIP code'), '02139');
  await user.click(screen.getByRole('button', { name: 'Start my free trial' }));
}

beforeEach(() => {
  stripe.createPaymentMethod.mockReset();
  stripe.element = { id: 'card-element' };
});

describe('stripe card form', () => {
  it('loads Stripe.js with the publishable key and shows the card element', () => {
    renderForm();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByTestId('card-element')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
  });

  it('validates cardholder name, e-mail and zip with the SPEC texts', async () => {
    renderForm();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Start my free trial' }));
    expect(await screen.findByText('Please enter the cardholder name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid zip code')).toBeInTheDocument();
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('says so when the card element is missing', async () => {
    stripe.element = null;
    const onPay = renderForm();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Card element not found. Please refresh and try again.',
    );
    expect(onPay).not.toHaveBeenCalled();
  });

  it('creates the payment method with billing details and passes its id on', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_123' } });
    const onPay = renderForm();
    await fillAndSubmit();
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: stripe.element,
      billing_details: {
        name: 'Ada Lovelace',
        email: 'ada@example.edu',
        address: { postal_code: '02139' },
      },
    });
    expect(onPay).toHaveBeenCalledWith(
      {
        payment_method_id: 'pm_123',
        cardholder_name: 'Ada Lovelace',
        billing_email: 'ada@example.edu',
      },
      expect.objectContaining({ postal_code: '02139' }),
    );
  });

  it("shows the provider's message when the card is refused", async () => {
    stripe.createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card number is incomplete.' },
    });
    const onPay = renderForm();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(onPay).not.toHaveBeenCalled();
  });
});
