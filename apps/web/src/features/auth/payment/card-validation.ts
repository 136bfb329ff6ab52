import { z } from '@app/contracts';

type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** SPEC §5 card-form texts, plus the demo form's own card checks. */
export const CARD_MESSAGES = {
  name: 'Please enter the cardholder name',
  email: 'Please enter a valid email address',
  zip: 'Please enter a valid zip code',
  cardElementMissing: 'Card element not found. Please refresh and try again.',
  cardNumber: 'Please enter a valid card number',
  expiry: 'Please enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvc: 'Please enter the 3 or 4 digit security code',
} as const;

export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn (mod 10) checksum of a card number given as digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function detectBrand(cardNumber: string): CardBrand {
  const digits = digitsOnly(cardNumber);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return 'unknown';
}

/** 13 to 19 digits (spaces and dashes allowed) passing the Luhn check. */
export function isValidCardNumber(cardNumber: string): boolean {
  if (/[^\d\s-]/.test(cardNumber)) return false;
  const digits = digitsOnly(cardNumber);
  return digits.length >= 13 && digits.length <= 19 && luhnValid(digits);
}

/** Groups digits as they are typed: 4-4-4-4 (American Express 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  if (detectBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34" while typing; keeps a lone month as typed. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  if (digits.length <= 2) return value.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

/** The demo provider's payment method id: `pm_local_<brand>_<last4>`. The card number stays here. */
export function localPaymentMethodId(cardNumber: string): string {
  const digits = digitsOnly(cardNumber);
  return `pm_local_${detectBrand(digits)}_${digits.slice(-4)}`;
}

/** Fields both card forms collect (SPEC §5). */
export const cardholderSchema = z.object({
  cardholder_name: z.string().trim().min(1, CARD_MESSAGES.name),
  // SPEC §5: non-empty and containing an at sign (the server checks the full format).
  billing_email: z
    .string()
    .trim()
    .refine((value) => value.length > 0 && value.includes('@'), CARD_MESSAGES.email),
  postal_code: z.string().trim().min(5, CARD_MESSAGES.zip),
});
export type CardholderValues = z.infer<typeof cardholderSchema>;

/** The demo form: cardholder fields plus the card itself, checked in the browser. */
export function localCardSchema(now: () => Date = () => new Date()) {
  return cardholderSchema.extend({
    card_number: z.string().refine(isValidCardNumber, CARD_MESSAGES.cardNumber),
    expiry: z.string().superRefine((value, ctx) => {
      const parsed = parseExpiry(value);
      if (!parsed) ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expiry });
      else if (isExpired(parsed, now()))
        ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expired });
    }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
  });
}
export type LocalCardValues = z.infer<ReturnType<typeof localCardSchema>>;

export const EMPTY_LOCAL_CARD: LocalCardValues = {
  cardholder_name: '',
  billing_email: '',
  postal_code: '',
  card_number: '',
  expiry: '',
  cvc: '',
};
