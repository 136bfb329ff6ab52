import { describe, expect, it } from 'vitest';
import { LOCAL_PAYMENT_METHOD_PATTERN } from '@app/contracts';
import {
  detectBrand,
  formatCardNumber,
  formatExpiry,
  isExpired,
  isValidCardNumber,
  localCardSchema,
  localPaymentMethodId,
  luhnValid,
  parseExpiry,
  cardholderSchema,
} from './card-validation';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('card checks of the demo form', () => {
  it('Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('')).toBe(false);
  });

  it('accepts spaces but not letters; 13 to 19 digits', () => {
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 424a')).toBe(false);
    expect(isValidCardNumber('4242')).toBe(false);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'unknown'],
  ] as const)('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('builds pm_local_<brand>_<last4> and never the number', () => {
    expect(localPaymentMethodId('4242 4242 4242 4242')).toBe('pm_local_visa_4242');
    expect(localPaymentMethodId('3782 822463 10005')).toBe('pm_local_amex_0005');
    expect(localPaymentMethodId('3056 9300 0902 0004')).toBe('pm_local_unknown_0004');
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005']) {
      expect(localPaymentMethodId(number)).toMatch(LOCAL_PAYMENT_METHOD_PATTERN);
    }
  });

  it('formats as typed', () => {
    expect(formatCardNumber('42424242424242')).toBe('4242 4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
  });

  it('expiry MM/YY, valid through the end of its month', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13/34')).toBeNull();
    expect(parseExpiry('1234')).toBeNull();
    const now = new Date(2025, 8, 15); // September 2025
    expect(isExpired({ month: 9, year: 2025 }, now)).toBe(false);
    expect(isExpired({ month: 8, year: 2025 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2026 }, now)).toBe(false);
  });

  it('the schema gives the SPEC §5 texts and the card texts', () => {
    const schema = localCardSchema(() => new Date(2025, 8, 15));
    const empty = schema.safeParse({
      cardholder_name: ' ',
      billing_email: '',
      postal_code: '123',
      card_number: '',
      expiry: '',
      cvc: '',
    });
    expect(messages(empty)).toEqual([
      'Please enter the cardholder name',
      'Please enter a valid email address',
      'Please enter a valid zip code',
      'Please enter a valid card number',
      'Please enter the expiry date as MM/YY',
      'Please enter the 3 or 4 digit security code',
    ]);
    const ok = schema.safeParse({
      cardholder_name: 'Ada',
      billing_email: 'ada@example.edu',
      postal_code: '12345',
      card_number: '4242 4242 4242 4242',
      expiry: '09/25',
      cvc: '1234',
    });
    expect(ok.success).toBe(true);
  });

  it('email only needs to be non-empty and contain @ (SPEC §5)', () => {
    const base = { cardholder_name: 'Ada', postal_code: '12345' };
    expect(cardholderSchema.safeParse({ ...base, billing_email: 'a@b' }).success).toBe(true);
    expect(messages(cardholderSchema.safeParse({ ...base, billing_email: 'ab' }))).toEqual([
      'Please enter a valid email address',
    ]);
  });
});
