import { lazy, Suspense } from 'react';
import { CalendarClock, ShieldCheck } from 'lucide-react';
import {
  BILLING_MESSAGES,
  TEACHER_PLAN_PRICE_USD,
  TRIAL_DAYS,
  type PaymentSetup,
} from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate, formatUsd } from '@/lib/format';
import { CARD_MESSAGES, type LocalCardValues } from './card-validation';
import { LocalCardForm } from './local-card-form';
import type { CreateTrialPayload } from '../api/create-trial-subscription';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

const START_TRIAL_LABEL = 'Start my free trial';

/** '$18 per semester after your 3-day free trial' from the server's numbers. */
function trialSummary(price: number, trialDays: number): string {
  return `${formatUsd(price)} per semester after your ${trialDays}-day free trial`;
}

interface PaymentStepProps {
  setup: PaymentSetup | undefined;
  setupFailed: boolean;
  onRetrySetup(): void;
  /** Failure of the last attempt (SPEC §8 Payment). */
  error: string | null;
  values: LocalCardValues;
  onBack(): void;
  onPay(payload: CreateTrialPayload, values: LocalCardValues): void;
  now?: () => Date;
}

export function PaymentStep({
  setup,
  setupFailed,
  onRetrySetup,
  error,
  values,
  onBack,
  onPay,
  now,
}: PaymentStepProps) {
  const price = setup?.price ?? TEACHER_PLAN_PRICE_USD;
  const trialDays = setup?.trial_days ?? TRIAL_DAYS;
  const firstCharge = new Date((now?.() ?? new Date()).getTime() + trialDays * 86_400_000);

  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-brand-200 bg-brand-50/60 p-4">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-ink-900">
              {setup?.plan_name ?? 'Teacher'} plan
            </p>
            <p className="mt-0.5 text-sm text-ink-700">{trialSummary(price, trialDays)}</p>
          </div>
          <div className="text-right">
            <p className="text-xs font-medium tracking-wide text-ink-600 uppercase">Due today</p>
            <p className="text-lg font-bold text-ink-900">{formatUsd(0)}</p>
          </div>
        </div>
        <p className="mt-3 flex items-center gap-2 border-t border-brand-200 pt-3 text-xs text-ink-700">
          <CalendarClock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Your trial ends on {formatLongDate(firstCharge.toISOString())}. Cancel any time before
            then from My Account.
          </span>
        </p>
      </div>

      {setup?.provider === 'local' ? (
        <Alert variant="warning" title={BILLING_MESSAGES.demoMode}>
          Try the flow with a test card such as 4242 4242 4242 4242, any future expiry and any CVC.
        </Alert>
      ) : null}

      {error ? <Alert variant="danger">{error}</Alert> : null}

      {setupFailed ? (
        <Alert variant="danger" title="The payment form could not be loaded">
          <div className="mt-2 flex gap-2">
            <Button variant="outline" size="sm" onClick={onRetrySetup}>
              Try Again
            </Button>
            <Button variant="ghost" size="sm" onClick={onBack}>
              Back
            </Button>
          </div>
        </Alert>
      ) : !setup ? (
        <FormLoading />
      ) : setup.provider === 'stripe' && setup.publishable_key ? (
        <Suspense fallback={<FormLoading />}>
          <StripeCardForm
            publishableKey={setup.publishable_key}
            defaultValues={{
              cardholder_name: values.cardholder_name,
              billing_email: values.billing_email,
              postal_code: values.postal_code,
            }}
            submitLabel={START_TRIAL_LABEL}
            onBack={onBack}
            onPay={(payload, cardholder) => onPay(payload, { ...values, ...cardholder })}
          />
        </Suspense>
      ) : setup.provider === 'stripe' ? (
        <Alert variant="danger">{CARD_MESSAGES.cardElementMissing}</Alert>
      ) : (
        <LocalCardForm
          defaultValues={values}
          submitLabel={START_TRIAL_LABEL}
          onBack={onBack}
          onPay={onPay}
          now={now}
        />
      )}

      <p className="flex items-center justify-center gap-1.5 text-xs text-ink-600">
        <ShieldCheck className="size-4 text-success-600" aria-hidden="true" />
        {setup?.provider === 'stripe'
          ? 'Card details go straight to our payment provider, never to our servers.'
          : 'Your card number never leaves this page.'}
      </p>
    </div>
  );
}

function FormLoading() {
  return (
    <div
      role="status"
      className="flex h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-ink-200 text-brand-600"
    >
      <Spinner label={null} />
      <p className="text-sm font-medium text-ink-600">Loading the payment form…</p>
    </div>
  );
}
