import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertTriangle, ArrowRight, Plus, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { AddonPaymentData, BillingUsage, Subscription } from '@app/contracts';
import { SubscriptionStatusBadge, periodEnd } from '@/components/billing/subscription-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate, formatUsd, formatUsdExact } from '@/lib/format';
import { paymentErrorText } from '@/lib/payment-error';
import { planLabel } from '@/lib/plans';
import { AddonDialog } from './addon-dialog';
import { PaymentHistory } from './payment-history';
import { useAddonPaymentData } from './api/get-addon-payment-data';
import { useSubscription } from './api/get-subscription';
import { useBillingUsage } from './api/get-usage';
import { billingKeys } from './api/query-keys';
import { purchaseAddon } from '@/lib/api/purchase-addon';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

/** /billing — Billing & Usage: plan, this season's classes, add-ons and payments. */
export function BillingPage() {
  const usage = useBillingUsage();
  const subscription = useSubscription();
  const addon = useAddonPaymentData(usage.isSuccess);

  if (usage.isPending) return <BillingSkeleton />;
  if (usage.isError) {
    return (
      <Card role="alert" className="flex flex-col items-center px-6 py-12 text-center">
        <AlertTriangle className="size-8 text-danger-600" aria-hidden="true" />
        <h2 className="mt-4 text-lg font-semibold text-ink-900">
          Billing details could not be loaded
        </h2>
        <p className="mt-1 max-w-md text-sm text-ink-600">{usage.error.message}</p>
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            void usage.refetch();
            void subscription.refetch();
          }}
        >
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <PlanSummary usage={usage.data} subscription={subscription.data} />
        <UsageCard usage={usage.data} addon={addon.data} addonLoading={addon.isPending} />
      </div>
      <PaymentHistory />
    </div>
  );
}

function PlanSummary({
  usage,
  subscription,
}: {
  usage: BillingUsage;
  subscription: Subscription | undefined;
}) {
  const ends = subscription ? periodEnd(subscription) : null;
  const trialing = (subscription?.status ?? usage.subscription_status) === 'trialing';
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-ink-900">Current plan</h2>
          <SubscriptionStatusBadge
            status={subscription?.status ?? usage.subscription_status}
            cancelAtPeriodEnd={subscription?.cancel_at_period_end}
            endsAt={ends}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <p className="text-2xl font-bold tracking-tight text-ink-900">
            {planLabel(usage.plan_type)}
          </p>
          {subscription ? (
            <p className="mt-0.5 text-sm text-ink-600">
              {formatUsd(subscription.price)} per semester
            </p>
          ) : null}
        </div>
        <dl className="space-y-2.5 text-sm">
          <Row label="Season" value={usage.season_name} />
          {ends ? (
            <Row
              label={
                subscription?.cancel_at_period_end
                  ? 'Access until'
                  : trialing
                    ? 'Trial ends'
                    : 'Renews on'
              }
              value={formatLongDate(ends) ?? '—'}
            />
          ) : null}
          <Row label="Total this season" value={formatUsdExact(usage.total_cost)} />
        </dl>
      </CardContent>
      <CardFooter className="mt-auto">
        <Link
          to="/account"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          Manage plan
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}

function UsageCard({
  usage,
  addon,
  addonLoading,
}: {
  usage: BillingUsage;
  addon: AddonPaymentData | undefined;
  addonLoading: boolean;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const allowance = usage.max_base_classes + usage.addon_classes;
  const full = usage.classes_used >= allowance;
  const canPurchase = addon?.can_purchase ?? false;

  const purchase = useMutation({
    mutationFn: () => purchaseAddon({ class_count: 1 }),
    onSuccess: (updated) => {
      queryClient.setQueryData(billingKeys.usage, updated);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      setConfirming(false);
      toast.success('Add-on class added', {
        description: `You can now create ${updated.max_base_classes + updated.addon_classes} classes in ${updated.season_name}.`,
      });
    },
    onError: (error) =>
      toast.error('Add-on purchase failed', { description: paymentErrorText(error) }),
  });

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <h2 className="text-base font-semibold text-ink-900">Classes this season</h2>
        <CardDescription>
          {usage.max_base_classes} classes are included in your plan each semester. Add more, up to{' '}
          {usage.max_classes} in total.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div>
          <div className="mb-2 flex items-baseline justify-between gap-3">
            <p className="text-sm text-ink-700">
              <span className="text-2xl font-bold text-ink-900">{usage.classes_used}</span> of{' '}
              {allowance} classes used
            </p>
            <p className="text-xs text-ink-600">Semester cap: {usage.max_classes} classes</p>
          </div>
          <Progress
            value={usage.classes_used}
            max={allowance}
            label="Classes used this season"
            valueText={`${usage.classes_used} of ${allowance} classes used`}
            tone={full ? 'warning' : 'brand'}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Included" value={String(usage.max_base_classes)} />
          <Stat label="Add-on classes" value={String(usage.addon_classes)} />
          <Stat label="Remaining" value={String(usage.classes_remaining)} />
          <Stat
            label="Next class"
            value={usage.next_class_cost > 0 ? formatUsdExact(usage.next_class_cost) : 'Included'}
          />
        </dl>
        <div className="flex flex-col gap-3 border-t border-ink-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p id="addon-note" className="text-sm text-ink-600">
            {addonLoading
              ? 'Checking add-on availability…'
              : addon
                ? canPurchase
                  ? `One more class costs ${formatUsdExact(addon.unit_price)} for ${addon.season_name}.`
                  : addon.message
                : 'Add-on classes are not available right now.'}
          </p>
          <Button
            onClick={() => setConfirming(true)}
            disabled={!canPurchase}
            aria-describedby="addon-note"
            className="shrink-0"
          >
            <Plus aria-hidden="true" />
            Buy an add-on class
          </Button>
        </div>
      </CardContent>
      {addon ? (
        <AddonDialog
          open={confirming}
          onOpenChange={(open) => {
            if (!purchase.isPending) setConfirming(open);
            if (!open) purchase.reset();
          }}
          addon={addon}
          pending={purchase.isPending}
          error={purchase.error}
          onConfirm={() => purchase.mutate()}
        />
      ) : null}
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-600">{label}</dt>
      <dd className="text-right font-medium text-ink-900">{value}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-ink-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-ink-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-ink-900">{value}</dd>
    </div>
  );
}

function BillingSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading billing details
      </span>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="space-y-4 p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </Card>
        <Card className="space-y-4 p-6 lg:col-span-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-2.5 w-full" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        </Card>
      </div>
      <Card className="space-y-3 p-6">
        <Skeleton className="h-5 w-40" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </Card>
    </div>
  );
}
