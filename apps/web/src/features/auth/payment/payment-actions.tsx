import { ArrowLeft, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Footer of both card forms: Back (to the plan step) and the submit button. */
export function PaymentActions({
  submitLabel,
  busy,
  onBack,
  disabled,
}: {
  submitLabel: string;
  busy: boolean;
  onBack(): void;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
      <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <Button type="submit" size="lg" loading={busy} disabled={disabled}>
        <Lock aria-hidden="true" />
        {submitLabel}
      </Button>
    </div>
  );
}
