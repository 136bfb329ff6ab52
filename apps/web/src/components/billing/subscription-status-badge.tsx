import type { SubscriptionStatus } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/format';

type Variant = 'brand' | 'success' | 'danger' | 'warning' | 'neutral';

const STATUS: Record<SubscriptionStatus, { label: string; variant: Variant }> = {
  trialing: { label: 'Trial', variant: 'brand' },
  active: { label: 'Active', variant: 'success' },
  suspended: { label: 'Suspended', variant: 'danger' },
  incomplete_signup: { label: 'Setup incomplete', variant: 'warning' },
};

interface StatusInfo {
  status: SubscriptionStatus | string;
  cancelAtPeriodEnd?: boolean;
  /** When a cancelled plan ends: trial_end while trialing, else current_period_end. */
  endsAt?: string | null;
}

/** 'Trial' / 'Active' / 'Suspended' / 'Cancels on {date}'. */
function subscriptionStatusLabel({ status, cancelAtPeriodEnd, endsAt }: StatusInfo): {
  label: string;
  variant: Variant;
} {
  const ends = formatLongDate(endsAt);
  if (cancelAtPeriodEnd && status !== 'suspended') {
    return { label: ends ? `Cancels on ${ends}` : 'Cancels at period end', variant: 'warning' };
  }
  return STATUS[status as SubscriptionStatus] ?? { label: String(status), variant: 'neutral' };
}

export function SubscriptionStatusBadge(props: StatusInfo & { className?: string }) {
  const { label, variant } = subscriptionStatusLabel(props);
  return (
    <Badge variant={variant} className={props.className} data-testid="subscription-status">
      {label}
    </Badge>
  );
}

/** The date access ends when a subscription is cancelled. */
export function periodEnd(subscription: {
  status: string;
  trial_end: string | null;
  current_period_end: string | null;
}): string | null {
  if (subscription.status === 'trialing')
    return subscription.trial_end ?? subscription.current_period_end;
  return subscription.current_period_end ?? subscription.trial_end;
}
