/** Envelope of every JSON reply (DESIGN §4). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };
export type ApiError = { success: false; detail: string | ValidationIssue[]; code: string };

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'EMAIL_NOT_SENT',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'PAYMENT_DECLINED',
  'PAYMENT_PROVIDER_ERROR',
  'SUBSCRIPTION_EXISTS',
  'SUBSCRIPTION_INACTIVE',
  'CLASS_LIMIT_REACHED',
  'WEBHOOK_INVALID',
  'CLASS_INACTIVE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
