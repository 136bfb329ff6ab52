import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, z } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, errorText } from '@/lib/api-client';
import { authApi } from '@/lib/auth-api';

const passwordSchema = z
  .object({
    current_password: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
    password: z.string().min(1, 'Enter a new password'),
    confirm: z.string().min(1, 'Confirm your new password'),
  })
  .refine((values) => values.password === values.confirm, {
    message: 'Passwords do not match',
    path: ['confirm'],
  });
type PasswordValues = z.infer<typeof passwordSchema>;

const EMPTY: PasswordValues = { current_password: '', password: '', confirm: '' };

/** My Account's password change: the current password first, then the new one twice. */
export function PasswordCard() {
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: (values: PasswordValues) =>
      authApi.changePassword({
        password: values.password,
        current_password: values.current_password,
      }),
    onSuccess: () => {
      form.reset(EMPTY);
      toast.success('Password updated');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'WRONG_PASSWORD')
        form.setError('current_password', { message: error.message }, { shouldFocus: true });
      else form.setError('root', { message: errorText(error, 'Password update failed') });
    },
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)}
      >
        <CardHeader>
          <h2 className="text-base font-semibold text-ink-900">Password</h2>
          <CardDescription>
            Changing it signs you out on your other devices, and we e-mail you to say so.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {errors.root?.message ? <Alert variant="danger">{errors.root.message}</Alert> : null}
          <Field label="Current password" error={errors.current_password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
            />
          </Field>
          <Field
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            error={errors.password?.message}
          >
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
          <Field label="Confirm new password" error={errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={change.isPending}>
            Update password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
