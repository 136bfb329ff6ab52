/** Envelope of every JSON reply (DESIGN §4). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };
export type ApiError = { success: false; detail: string | ValidationIssue[]; code: string };

/**
 * The generic codes, one per status: what an error carrying a status only (the web framework's
 * own refusals) is called. The other codes of ERROR_CODES name a reason of their own.
 */
export const GENERIC_ERROR_CODES = [
  'BAD_REQUEST',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
] as const;

export const ERROR_CODES = [
  ...GENERIC_ERROR_CODES,
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'EMAIL_NOT_SENT',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'PAYMENT_DECLINED',
  'PAYMENT_PROVIDER_ERROR',
  'SUBSCRIPTION_EXISTS',
  'SUBSCRIPTION_INACTIVE',
  'NOTHING_TO_CANCEL',
  'CLASS_LIMIT_REACHED',
  'CLASS_MAXIMUM_REACHED',
  'PLAN_CANCELLED',
  'ADDON_NOT_NEEDED',
  'WEBHOOK_INVALID',
  'CLASS_INACTIVE',
  'INTEGRATION_NOT_CONFIGURED',
  'INTEGRATION_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The HTTP status of every error code (DESIGN §4): the API never picks a status by hand, so one
 * code always comes with one status.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  /** the request did not arrive whole in time (Node's request timeout, before any route) */
  REQUEST_TIMEOUT: 408,
  /** a path parameter past the router's length limit (Fastify's own refusal) */
  URI_TOO_LONG: 414,
  /** the request's headers are past Node's limit (before any route) */
  HEADERS_TOO_LARGE: 431,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** the mail server refused a teacher's reply */
  EMAIL_NOT_SENT: 502,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 422,
  /**
   * the current password, asked by a signed-in change of the password or e-mail, is wrong: not a
   * 401, which would end the session (SPEC §8 refresh) of a teacher who mistyped it
   */
  WRONG_PASSWORD: 403,
  /** the card was declined: the teacher's to fix */
  PAYMENT_DECLINED: 402,
  /** the payment provider failed: ours */
  PAYMENT_PROVIDER_ERROR: 502,
  SUBSCRIPTION_EXISTS: 409,
  /** an action that needs a trialing or active plan (creating a class, buying an add-on) */
  SUBSCRIPTION_INACTIVE: 403,
  /** cancelling when there is no trialing or active plan */
  NOTHING_TO_CANCEL: 409,
  /** the classes included this season are used: an add-on class is needed (and can be bought) */
  CLASS_LIMIT_REACHED: 402,
  /** the season's maximum of classes is reached: no add-on can be bought */
  CLASS_MAXIMUM_REACHED: 409,
  /** the plan is cancelled (it runs to its end): no add-on class can be bought */
  PLAN_CANCELLED: 409,
  /** an add-on class is bought once the season's included classes are used, not before */
  ADDON_NOT_NEEDED: 409,
  WEBHOOK_INVALID: 400,
  /** SPEC §4: a 403 marks the student chat's class inactive */
  CLASS_INACTIVE: 403,
  /**
   * the server has no team-chat (Slack) app configured: a settled state of this server that
   * retrying will not change (not a 503), the operator's to fix
   */
  INTEGRATION_NOT_CONFIGURED: 409,
  /** the team-chat service (Slack) refused or failed a call made for the teacher */
  INTEGRATION_ERROR: 502,
};
