import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertTriangle, ArrowRight, Plus, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import {
  BILLING_MESSAGES,
  type AddonPaymentData,
  type BillingUsage,
  type NextClass,
  type Subscription,
} from '@app/contracts';
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

/**
 * /billing — Billing & Usage: plan, this season's classes (and the other semesters' counts),
 * add-ons and payments. Every line follows the server's next_class, so the page never says
 * "Next class: Included" beside an offer to buy one, nor offers one after cancelling.
 */
export function BillingPage() {
  const usage = useBillingUsage();
  const subscription = useSubscription();
  // the add-on's price and availability, asked only when the server offers one
  const addon = useAddonPaymentData(usage.data?.next_class === 'addon');

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
        <UsageCard usage={usage.data} addon={addon.data} addonError={addon.isError} />
      </div>
      <PaymentHistory
        trialing={(subscription.data?.status ?? usage.data.subscription_status) === 'trialing'}
      />
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
  const status = subscription?.status ?? usage.subscription_status;
  const trialing = status === 'trialing';
  // a suspended plan has ended: it neither renews nor runs until a date
  const running = trialing || status === 'active';
  return (
    <Card className="flex flex-col">
      <CardHeader>
        {/* the badge goes under the title when both do not fit ("Cancels on December 31, 2026") */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h2 className="text-base font-semibold whitespace-nowrap text-ink-900">Current plan</h2>
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
          {ends && running ? (
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

/** The "Next class" tile: what the next class of the season takes. */
const NEXT_CLASS_VALUE: Record<NextClass, (usage: BillingUsage) => string> = {
  included: () => 'Included',
  addon: (usage) => formatUsdExact(usage.next_class_cost),
  maximum: () => 'Unavailable',
  cancelled: () => 'Unavailable',
  inactive: () => 'Unavailable',
};

/**
 * What the season's next class takes, in the words the class wizard uses for it too
 * (BILLING_MESSAGES): an add-on is offered only when the included classes are used, below the
 * maximum, on a plan that is running and not cancelled (next_class 'addon', the server's rule).
 */
function nextClassNote(usage: BillingUsage): string {
  const season = usage.season_name;
  switch (usage.next_class) {
    case 'included':
      return BILLING_MESSAGES.classesLeft(usage.classes_remaining, season);
    case 'addon':
      return BILLING_MESSAGES.needsAddon(
        usage.max_base_classes,
        usage.addon_classes,
        formatUsdExact(usage.next_class_cost),
        season,
      );
    case 'maximum':
      return BILLING_MESSAGES.atCap(usage.max_classes, season);
    case 'cancelled':
      return BILLING_MESSAGES.cancelledFull(usage.max_base_classes, usage.addon_classes, season);
    case 'inactive':
      return BILLING_MESSAGES.inactive;
  }
}

function UsageCard({
  usage,
  addon,
  addonError,
}: {
  usage: BillingUsage;
  addon: AddonPaymentData | undefined;
  addonError: boolean;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const buyButton = useRef<HTMLButtonElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const allowance = usage.max_base_classes + usage.addon_classes;
  const full = usage.classes_used >= allowance;
  const offered = usage.next_class === 'addon';
  const canPurchase = offered && (addon?.can_purchase ?? false);

  const purchase = useMutation({
    mutationFn: () => purchaseAddon({ class_count: 1, season_name: usage.season_name }),
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
        <h2 className="text-base font-semibold text-ink-900">Classes in {usage.season_name}</h2>
        <CardDescription>
          {usage.max_base_classes} classes are included in your plan each semester. Each class
          counts in its own semester; add-on classes bring a semester up to {usage.max_classes}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div>
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="text-sm whitespace-nowrap text-ink-700">
              <span className="text-2xl font-bold text-ink-900">{usage.classes_used}</span> of{' '}
              {allowance} classes used
            </p>
            <p className="text-xs text-ink-600">Semester cap: {usage.max_classes} classes</p>
          </div>
          <Progress
            value={usage.classes_used}
            max={allowance}
            label={`Classes used in ${usage.season_name}`}
            valueText={`${usage.classes_used} of ${allowance} classes used`}
            tone={full ? 'warning' : 'brand'}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Included" value={String(usage.max_base_classes)} />
          <Stat label="Add-on classes" value={String(usage.addon_classes)} />
          <Stat label="Remaining" value={String(usage.classes_remaining)} />
          <Stat label="Next class" value={NEXT_CLASS_VALUE[usage.next_class](usage)} />
        </dl>
        <div className="flex flex-col gap-3 border-t border-ink-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p
            id="next-class-note"
            ref={note}
            tabIndex={-1}
            className="rounded-sm text-sm text-ink-600 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            {nextClassNote(usage)}
            {offered && addonError ? ' Add-on classes are not available right now.' : null}
          </p>
          {offered ? (
            <Button
              ref={buyButton}
              onClick={() => setConfirming(true)}
              disabled={!canPurchase}
              aria-describedby="next-class-note"
              className="shrink-0"
            >
              <Plus aria-hidden="true" />
              Buy an add-on class
            </Button>
          ) : usage.next_class === 'cancelled' ? (
            <Link
              to="/account"
              className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            >
              Go to My Account
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
        </div>
        {usage.other_seasons.length > 0 ? <OtherSeasons usage={usage} /> : null}
      </CardContent>
      {addon && offered ? (
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
          onCloseAutoFocus={(event) => {
            // bought: the offer is gone, so focus goes to the line that now says what is left
            if (buyButton.current?.isConnected) return;
            event.preventDefault();
            note.current?.focus();
          }}
        />
      ) : null}
    </Card>
  );
}

/** The teacher's classes in other semesters: each counts toward its own semester's allowance. */
function OtherSeasons({ usage }: { usage: BillingUsage }) {
  return (
    <section aria-labelledby="other-seasons" className="border-t border-ink-100 pt-5">
      <h3 id="other-seasons" className="text-sm font-semibold text-ink-900">
        Other semesters
      </h3>
      <dl className="mt-2 divide-y divide-ink-100 text-sm">
        {usage.other_seasons.map((s) => {
          const included = usage.max_base_classes + s.addon_classes;
          return (
            <div key={s.season_name} className="flex justify-between gap-3 py-2">
              <dt className="text-ink-700">{s.season_name}</dt>
              <dd className="text-right font-medium text-ink-900">
                {s.classes_used} of {included} classes used
                {s.addon_classes > 0
                  ? ` (${s.addon_classes} add-on${s.addon_classes === 1 ? '' : 's'})`
                  : ''}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
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
