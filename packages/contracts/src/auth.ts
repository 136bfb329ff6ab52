import { z } from './zod.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

export const SUBSCRIPTION_STATUSES = [
  'incomplete_signup',
  'trialing',
  'active',
  'suspended',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const userSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  institution: z.string().nullable(),
  school: z.string().nullable(),
  department: z.string().nullable(),
  subscription_status: subscriptionStatusSchema,
  subscription_id: z.string().nullable(),
  trial_end: z.string().nullable(),
  created_at: z.string(),
  /**
   * A new e-mail address waiting to be confirmed from the link sent to it: the account
   * keeps `email` until then. Given by GET and PUT /auth/profile.
   */
  pending_email: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
});
export type Tokens = z.infer<typeof tokensSchema>;

const email = z.string().trim().max(254).email('Please enter a valid email address');
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email,
  password: passwordSchema,
  first_name: name('First name'),
  last_name: name('Last name'),
  institution: z.string().trim().max(200).optional().nullable(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Texts of the account changes a signed-in teacher makes. */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  wrongPassword: 'Your current password is incorrect.',
  tooManyAttempts: 'Too many password attempts. Please wait and try again.',
  tooManyEmailChanges: 'Too many e-mail address changes. Please try again later.',
  invalidConfirmLink:
    'This confirmation link is invalid, has expired or was already used. Please ask for a new one from My Account.',
  invalidNotMeLink: 'This link is invalid, has expired or was already used.',
} as const;

/** Beside SPEC's fields of a signed-in change: proof that the teacher, not a stolen token, asks. */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH);

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(512) });
export const resetPasswordRequestSchema = z.object({ email });
/**
 * SPEC §7 {password}. Signed in (an access token) `current_password` is required too; with a
 * reset link's token, which proves itself, it is not asked.
 */
export const updatePasswordRequestSchema = z.object({
  password: passwordSchema,
  current_password: currentPasswordSchema.optional(),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/**
 * SPEC §7 {email, first_name, last_name, institution}, plus the current password. A new `email`
 * is not applied: it is sent a confirmation link and shown as `pending_email` until opened.
 */
export const profileUpdateSchema = z.object({
  email,
  first_name: name('First name'),
  last_name: name('Last name'),
  institution: z.string().trim().max(200).optional().nullable(),
  current_password: currentPasswordSchema,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A link's single-use token: POST /auth/confirm-email and POST /auth/not-me. */
export const linkTokenRequestSchema = z.object({
  token: z
    .string({ error: 'The link is missing its token' })
    .min(1, 'The link is missing its token')
    .max(512),
});
export type LinkTokenRequest = z.infer<typeof linkTokenRequestSchema>;

/** data of POST /auth/confirm-email: the account's address from now on */
export const emailConfirmedSchema = z.object({ email: z.string() });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;

/** data of POST /auth/not-me: every session of the account has ended, and what else was undone */
export const notMeResultSchema = z.object({
  /** a pending change of the e-mail address was cancelled */
  email_change_cancelled: z.boolean(),
  /** the address a completed change replaced, put back; null when none was */
  email_restored: z.string().nullable(),
});
export type NotMeResult = z.infer<typeof notMeResultSchema>;

/** data of POST /auth/login and POST /auth/register */
export const authResultSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

export const RESET_PASSWORD_REPLY =
  'If an account exists for that e-mail, we have sent a link to reset the password.';
