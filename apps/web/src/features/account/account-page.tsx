import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '@app/contracts';
import { NameFields } from '@/components/account/name-fields';
import { SubscriptionStatusBadge, periodEnd } from '@/components/billing/subscription-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { authApi } from '@/lib/auth-api';
import { useAuth } from '@/lib/auth';
import {
  billingApi,
  billingKeys,
  SHELL_SUMMARY_KEY,
  useBillingUsage,
  useSubscription,
} from '@/lib/billing-api';
import { formatLongDate, formatUsdExact } from '@/lib/format';
import { planLabel } from '@/lib/plans';

const profileSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
  institution: z.string().trim(),
});
type ProfileValues = z.infer<typeof profileSchema>;

export function AccountPage() {
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
      <ProfileCard user={user} />
      <div className="space-y-6">
        <YourPlan />
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
          <NameFields
            firstName={form.register('first_name')}
            lastName={form.register('last_name')}
            firstNameError={errors.first_name?.message}
            lastNameError={errors.last_name?.message}
          />
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

/** SPEC §2 My Account "Your Plan": plan, status, season, classes used / base, total cost. */
function YourPlan() {
  const queryClient = useQueryClient();
  const usage = useBillingUsage();
  const subscription = useSubscription();
  const [confirming, setConfirming] = useState(false);
  const failedAt = Math.max(usage.errorUpdatedAt, subscription.errorUpdatedAt);

  useEffect(() => {
    if (failedAt) toast.error('Failed to load subscription');
  }, [failedAt]);

  const cancel = useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: (updated) => {
      queryClient.setQueryData(billingKeys.subscription, updated);
      void queryClient.invalidateQueries({ queryKey: billingKeys.usage });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      setConfirming(false);
      toast.success('Plan cancelled successfully');
    },
    onError: () => {
      setConfirming(false);
      toast.error('Failed to cancel plan');
    },
  });

  const sub = subscription.data;
  const data = usage.data;
  const ends = sub ? periodEnd(sub) : null;
  const status = sub?.status ?? data?.subscription_status;
  const canCancel =
    sub !== undefined &&
    !sub.cancel_at_period_end &&
    (sub.status === 'trialing' || sub.status === 'active');

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold text-ink-900">Your Plan</h2>
      </CardHeader>
      <CardContent>
        {usage.isPending || subscription.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your plan
            </span>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-4 w-full" />
            ))}
          </div>
        ) : !data && !sub ? (
          <div className="space-y-3 text-sm text-ink-700">
            <p>Your plan details could not be loaded.</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void usage.refetch();
                void subscription.refetch();
              }}
            >
              Try Again
            </Button>
          </div>
        ) : (
          <dl className="space-y-3 text-sm">
            <PlanRow
              label="Plan"
              value={planLabel(data?.plan_type ?? sub?.plan_type ?? 'single')}
            />
            <PlanRow
              label="Status"
              value={
                status ? (
                  <SubscriptionStatusBadge
                    status={status}
                    cancelAtPeriodEnd={sub?.cancel_at_period_end}
                    endsAt={ends}
                  />
                ) : (
                  '—'
                )
              }
            />
            <PlanRow label="Season" value={data?.season_name ?? sub?.season_name ?? '—'} />
            {data ? (
              <PlanRow
                label="Classes used"
                value={`${data.classes_used} / ${data.max_base_classes}`}
              />
            ) : null}
            {data ? <PlanRow label="Total cost" value={formatUsdExact(data.total_cost)} /> : null}
            {ends && sub?.status === 'trialing' && !sub.cancel_at_period_end ? (
              <PlanRow label="Trial ends" value={formatLongDate(ends) ?? '—'} />
            ) : null}
          </dl>
        )}
        <div className="mt-4">
          <Link
            to="/billing"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            Billing &amp; Usage
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </CardContent>
      {canCancel ? (
        <CardFooter>
          <Button variant="outline" className="w-full" onClick={() => setConfirming(true)}>
            Cancel Subscription
          </Button>
        </CardFooter>
      ) : sub?.cancel_at_period_end ? (
        <CardFooter>
          <p className="text-xs text-ink-600">
            Your plan will not renew.{' '}
            {formatLongDate(ends) ? `You keep full access until ${formatLongDate(ends)}.` : null}
          </p>
        </CardFooter>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={(open) => (cancel.isPending ? undefined : setConfirming(open))}
      >
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>Cancel your subscription?</DialogTitle>
            <DialogDescription>
              {formatLongDate(ends)
                ? `You keep full access until ${formatLongDate(ends)}. After that your account is suspended: your class chats stop answering students until you choose a plan again.`
                : 'You keep full access until the end of your current period. After that your account is suspended: your class chats stop answering students until you choose a plan again.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => setConfirming(false)}
              disabled={cancel.isPending}
            >
              Keep my plan
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Yes, cancel my plan
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function PlanRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-600">{label}</dt>
      <dd className="text-right font-medium text-ink-900">{value}</dd>
    </div>
  );
}
