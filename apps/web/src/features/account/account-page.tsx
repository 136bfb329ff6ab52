import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import type { SubscriptionStatus, User } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { authApi } from '@/lib/auth-api';
import { useAuth } from '@/lib/auth';
import { TEACHER_PLAN, formatUsd } from '@/lib/plans';

const profileSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
  institution: z.string().trim(),
});
type ProfileValues = z.infer<typeof profileSchema>;

const STATUS: Record<
  SubscriptionStatus,
  { label: string; variant: 'success' | 'brand' | 'warning' | 'danger' }
> = {
  trialing: { label: 'Free trial', variant: 'brand' },
  active: { label: 'Active', variant: 'success' },
  suspended: { label: 'Suspended', variant: 'danger' },
  incomplete_signup: { label: 'Setup incomplete', variant: 'warning' },
};

export function AccountPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <ProfileCard user={user} />
      <div className="space-y-6">
        <PlanCard user={user} />
        <Card>
          <CardHeader className="pb-6">
            <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
              <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
              Coming Soon
            </h2>
            <CardDescription>
              Plan management, cancellation, notification preferences and data export will be
              available here.
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
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      authApi.updateProfile({ ...values, institution: values.institution || null }),
    onSuccess: (updated) => {
      setUser(updated);
      form.reset({
        first_name: updated.first_name,
        last_name: updated.last_name,
        email: updated.email,
        institution: updated.institution ?? '',
      });
      toast.success('Profile updated');
    },
    onError: () => toast.error('Failed to update profile'),
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
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.first_name?.message}>
              <Input autoComplete="given-name" {...form.register('first_name')} />
            </Field>
            <Field label="Last name" error={errors.last_name?.message}>
              <Input autoComplete="family-name" {...form.register('last_name')} />
            </Field>
          </div>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <Field label="Institution" optional error={errors.institution?.message}>
            <Input autoComplete="organization" {...form.register('institution')} />
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

function PlanCard({ user }: { user: User }) {
  const status = STATUS[user.subscription_status] ?? {
    label: user.subscription_status,
    variant: 'brand' as const,
  };
  const trialEnd = user.trial_end ? new Date(user.trial_end) : null;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-ink-900">Your Plan</h2>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-ink-600">Plan</dt>
            <dd className="font-medium text-ink-900">{TEACHER_PLAN.name}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-ink-600">Price</dt>
            <dd className="font-medium text-ink-900">
              {formatUsd(TEACHER_PLAN.price)} {TEACHER_PLAN.period}
            </dd>
          </div>
          {trialEnd && !Number.isNaN(trialEnd.getTime()) ? (
            <div className="flex justify-between gap-3">
              <dt className="text-ink-600">Trial ends</dt>
              <dd className="font-medium text-ink-900">
                {new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(trialEnd)}
              </dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
