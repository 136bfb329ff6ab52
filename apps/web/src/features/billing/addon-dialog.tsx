import { BILLING_MESSAGES, type AddonPaymentData } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatUsdExact } from '@/lib/format';
import { paymentErrorText } from '@/lib/payment-error';

/** Confirms an add-on class purchase with the amount from addon-payment-data. */
export function AddonDialog({
  open,
  onOpenChange,
  addon,
  pending,
  error,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  addon: AddonPaymentData;
  pending: boolean;
  error: unknown;
  onConfirm(): void;
  /** where focus goes on close (by default back to what opened the dialog) */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const amount = formatUsdExact(addon.amount);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Buy an add-on class</DialogTitle>
          <DialogDescription>
            Add {addon.class_count === 1 ? 'one more class' : `${addon.class_count} more classes`}{' '}
            to {addon.season_name}. The card on file is charged once; the class slot is for{' '}
            {addon.season_name} only.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          {addon.provider === 'local' ? (
            <Alert variant="warning">{BILLING_MESSAGES.demoMode}</Alert>
          ) : null}
          <dl className="rounded-lg border border-ink-200 p-4 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-ink-600">Add-on class × {addon.class_count}</dt>
              <dd className="font-medium text-ink-900">{formatUsdExact(addon.unit_price)}</dd>
            </div>
            <div className="mt-3 flex justify-between gap-3 border-t border-ink-100 pt-3 text-base">
              <dt className="font-semibold text-ink-900">Total today</dt>
              <dd className="font-bold text-ink-900" data-testid="addon-amount">
                {amount}
              </dd>
            </div>
          </dl>
          {error ? <Alert variant="danger">{paymentErrorText(error)}</Alert> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            Pay {amount}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
