import { useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { toast } from 'sonner';
import { SubscriptionStatusBadge, periodEnd } from '@/components/billing/subscription-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/api-client';
import { formatLongDate, formatUsdExact } from '@/lib/format';
import { planLabel } from '@/lib/plans';
import { cancelSubscription } from './api/cancel-subscription';
import { resumeSubscription } from './api/resume-subscription';
import { useSubscription } from './api/get-subscription';
import { useBillingUsage } from './api/get-usage';
import { billingKeys } from './api/query-keys';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

/** SPEC §2 My Account "Your Plan": plan, status, season, classes used / base, total cost. */
export function YourPlan() {
  const queryClient = useQueryClient();
  const usage = useBillingUsage();
  const subscription = useSubscription();
  const [confirming, setConfirming] = useState(false);
  const failedAt = Math.max(usage.errorUpdatedAt, subscription.errorUpdatedAt);

  useEffect(() => {
    if (failedAt) toast.error('Failed to load subscription');
  }, [failedAt]);

  const cancel = useMutation({
    mutationFn: cancelSubscription,
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

  const resume = useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (updated) => {
      queryClient.setQueryData(billingKeys.subscription, updated);
      void queryClient.invalidateQueries({ queryKey: billingKeys.usage });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      toast.success('Your plan will renew as before');
    },
    onError: (error) => toast.error(errorText(error, 'Failed to resume plan')),
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
                value={
                  // SPEC: classes used / base classes; add-ons bought are said beside them
                  data.addon_classes > 0
                    ? `${data.classes_used} / ${data.max_base_classes} + ${data.addon_classes} add-on`
                    : `${data.classes_used} / ${data.max_base_classes}`
                }
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
        <CardFooter className="flex-col items-stretch gap-3">
          <p className="text-xs text-ink-600">
            Your plan will not renew.{' '}
            {formatLongDate(ends) ? `You keep full access until ${formatLongDate(ends)}.` : null}
          </p>
          {sub.status === 'trialing' || sub.status === 'active' ? (
            <Button variant="outline" loading={resume.isPending} onClick={() => resume.mutate()}>
              Resume plan
            </Button>
          ) : null}
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
