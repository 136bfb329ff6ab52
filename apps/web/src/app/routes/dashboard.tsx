import { ClassBoard } from '@/features/classes';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { useClassList } from '@/lib/api/get-classes';

/** /dashboard: the dashboard page with the classes feature's board (features meet here only). */
export function DashboardRoute() {
  const classes = useClassList();
  const subscription = useSubscription();
  const sub = subscription.data;
  return (
    <DashboardPage
      renderClasses={(heading) => <ClassBoard heading={heading} />}
      hasClasses={classes.data ? classes.data.classes.length > 0 : undefined}
      trialCancelled={sub?.status === 'trialing' && sub.cancel_at_period_end}
    />
  );
}
