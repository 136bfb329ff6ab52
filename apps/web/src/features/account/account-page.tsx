import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MailCheck, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, z } from '@app/contracts';
import type { User } from '@app/contracts';
import { NameFields } from '@/components/account/name-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { authApi } from '@/lib/auth-api';
import { useAuth } from '@/lib/auth';
import { PasswordCard } from './password-card';

const profileSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
  institution: z.string().trim(),
  current_password: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
});
type ProfileValues = z.infer<typeof profileSchema>;

/** What My Account says while a new address waits for its link. */
export const pendingEmailText = (email: string) =>
  `We sent a link to ${email}; your address changes once you open it.`;

/** My Account; the app passes in the plan card (billing's), as it composes features. */
export function AccountPage({ plan }: { plan: ReactNode }) {
  const { user, setUser } = useAuth();
  const profile = useQuery({ queryKey: ['profile'], queryFn: authApi.profile, staleTime: 0 });

  useEffect(() => {
    if (profile.data) setUser(profile.data);
  }, [profile.data, setUser]);
  useEffect(() => {
    if (profile.errorUpdatedAt) toast.error('Failed to load profile');
  }, [profile.errorUpdatedAt]);

  if (!user) return null;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <ProfileCard user={user} />
        <PasswordCard />
      </div>
      <div className="space-y-6">
        {plan}
        <Card>
          <CardHeader className="pb-6">
            <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
              <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
              Coming Soon
            </h2>
            <CardDescription>
              Notification preferences, data export and the Department plan for whole programs are
              on their way.
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    </div>
  );
}

function ProfileCard({ user }: { user: User }) {
  const { setUser } = useAuth();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      institution: user.institution ?? '',
      current_password: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      authApi.updateProfile({ ...values, institution: values.institution || null }),
    onSuccess: (updated) => {
      // the address field shows the account's address (a new one waits for its link) and the
      // password is asked again: what was typed is not kept (the form's resetOptions would)
      form.reset(
        {
          first_name: updated.first_name,
          last_name: updated.last_name,
          email: updated.email,
          institution: updated.institution ?? '',
          current_password: '',
        },
        { keepDirtyValues: false },
      );
      setUser(updated);
      toast.success('Profile updated');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'WRONG_PASSWORD')
        form.setError('current_password', { message: error.message }, { shouldFocus: true });
      else if (error instanceof ApiError && error.code === 'EMAIL_TAKEN')
        form.setError('email', { message: error.message }, { shouldFocus: true });
      else if (error instanceof ApiError && error.code === 'RATE_LIMITED')
        form.setError('root', { message: error.message });
      toast.error('Failed to update profile');
    },
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      >
        <CardHeader>
          <h2 className="text-base font-semibold text-ink-900">Profile</h2>
          <CardDescription>
            Your name and institution appear to students on your class chat pages.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {errors.root?.message ? <Alert variant="danger">{errors.root.message}</Alert> : null}
          <NameFields
            firstName={form.register('first_name')}
            lastName={form.register('last_name')}
            firstNameError={errors.first_name?.message}
            lastNameError={errors.last_name?.message}
          />
          <Field
            label="Email"
            hint="A new address is used once you open the link we send to it."
            error={errors.email?.message}
          >
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          {user.pending_email ? (
            <Alert variant="info" title="Confirm your new address">
              <span className="inline-flex items-start gap-1.5">
                <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {pendingEmailText(user.pending_email)}
              </span>
            </Alert>
          ) : null}
          <Field label="Institution" optional error={errors.institution?.message}>
            <Input autoComplete="organization" {...form.register('institution')} />
          </Field>
          <Field
            label="Current password"
            hint="Needed to save changes to your profile."
            error={errors.current_password?.message}
          >
            <Input
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
            />
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            Save Profile
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
