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

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(512) });
export const resetPasswordRequestSchema = z.object({ email });
export const updatePasswordRequestSchema = z.object({ password: passwordSchema });

export const profileUpdateSchema = z.object({
  email,
  first_name: name('First name'),
  last_name: name('Last name'),
  institution: z.string().trim().max(200).optional().nullable(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** data of POST /auth/login and POST /auth/register */
export const authResultSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

export const RESET_PASSWORD_REPLY =
  'If an account exists for that e-mail, we have sent a link to reset the password.';
