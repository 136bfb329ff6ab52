import { AccountPage } from '@/features/account/account-page';
import { YourPlan } from '@/features/billing/your-plan';

/** /account: My Account with the billing feature's plan card (features meet here only). */
export function AccountRoute() {
  return <AccountPage plan={<YourPlan />} />;
}
