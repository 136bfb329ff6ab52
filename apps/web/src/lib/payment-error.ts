import { ApiError } from '@/lib/api-client';

export const PAYMENT_FAILED = 'Payment processing failed. Please check your details and try again.';

/** SPEC §8 Payment: the server's detail, else the error's text, else the generic message. */
export function paymentErrorText(error: unknown): string {
  if (error instanceof ApiError && typeof error.detail === 'string' && error.detail.trim()) {
    return error.detail;
  }
  if (error instanceof Error && error.message) return error.message;
  // Card provider errors arrive as plain objects with a message.
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return PAYMENT_FAILED;
}
