import { ClassBoard } from '@/features/classes';
import { DashboardPage } from '@/features/dashboard/dashboard-page';

/** /dashboard: the dashboard page with the classes feature's board (features meet here only). */
export function DashboardRoute() {
  return <DashboardPage renderClasses={(heading) => <ClassBoard heading={heading} />} />;
}
