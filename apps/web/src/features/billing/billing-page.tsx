import { CreditCard } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function BillingPage() {
  return (
    <EmptyState
      icon={CreditCard}
      title="Billing details will appear here"
      description="Your plan, this season's class usage, add-on classes and payment history will be shown on this page."
      action={<p className="text-sm text-ink-600">Billing arrives in an upcoming release.</p>}
    />
  );
}
