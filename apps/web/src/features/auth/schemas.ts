import { z } from '@app/contracts';
import { loginRequestSchema, resetPasswordRequestSchema } from '@app/contracts';

export const signInSchema = loginRequestSchema;
export type SignInValues = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = resetPasswordRequestSchema;
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const setNewPasswordSchema = z
  .object({
    password: z.string().min(1, 'Enter a new password'),
    confirm: z.string().min(1, 'Confirm your new password'),
  })
  .refine((values) => values.password === values.confirm, {
    message: 'Passwords do not match',
    path: ['confirm'],
  });
export type SetNewPasswordValues = z.infer<typeof setNewPasswordSchema>;

/** SPEC §5: required names, e-mail and password; the password rule is a hint only. */
export const signUpSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
  institution: z.string().trim(),
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const PASSWORD_HINT = 'At least 8 characters with uppercase, lowercase and a number';
