import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { PAYMENT_FAILED, paymentErrorText } from './payment-error';

describe('payment error text (SPEC §8 Payment)', () => {
  it('uses the server detail first', () => {
    const error = new ApiError('ignored', { status: 402, detail: 'Your card was declined.' });
    expect(paymentErrorText(error)).toBe('Your card was declined.');
  });

  it('then the error text (e.g. a joined 422 list or the network text)', () => {
    expect(paymentErrorText(new ApiError('Invalid input', { status: 422, detail: [] }))).toBe(
      'Invalid input',
    );
    expect(paymentErrorText(new Error('Network error: Please check your connection.'))).toBe(
      'Network error: Please check your connection.',
    );
    expect(
      paymentErrorText({ type: 'card_error', message: 'Your card number is incomplete.' }),
    ).toBe('Your card number is incomplete.');
  });

  it('else the generic message', () => {
    expect(PAYMENT_FAILED).toBe(
      'Payment processing failed. Please check your details and try again.',
    );
    expect(paymentErrorText(undefined)).toBe(PAYMENT_FAILED);
    expect(paymentErrorText(new Error(''))).toBe(PAYMENT_FAILED);
    expect(paymentErrorText({})).toBe(PAYMENT_FAILED);
  });
});
