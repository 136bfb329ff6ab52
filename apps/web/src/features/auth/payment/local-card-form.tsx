import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  BRAND_LABELS,
  detectBrand,
  formatCardNumber,
  formatExpiry,
  localCardSchema,
  localPaymentMethodId,
  type LocalCardValues,
} from './card-validation';
import { CardholderFields } from './cardholder-fields';
import { PaymentActions } from './payment-actions';
import type { CreateTrialPayload } from '../api/create-trial-subscription';

interface LocalCardFormProps {
  defaultValues: LocalCardValues;
  submitLabel: string;
  onBack(): void;
  /** Called with the request payload and the typed values (kept if the payment fails). */
  onPay(payload: CreateTrialPayload, values: LocalCardValues): void;
  now?: () => Date;
}

/** The demo provider's card form: everything is checked here; only `pm_local_<brand>_<last4>` leaves. */
export function LocalCardForm({
  defaultValues,
  submitLabel,
  onBack,
  onPay,
  now,
}: LocalCardFormProps) {
  const schema = useMemo(() => localCardSchema(now), [now]);
  const form = useForm<LocalCardValues>({ resolver: zodResolver(schema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const brand = detectBrand(form.watch('card_number'));
  const cardNumber = form.register('card_number');
  const expiry = form.register('expiry');

  const onSubmit = form.handleSubmit((values) => {
    onPay(
      {
        payment_method_id: localPaymentMethodId(values.card_number),
        cardholder_name: values.cardholder_name.trim(),
        billing_email: values.billing_email.trim(),
      },
      values,
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <CardholderFields
        name={form.register('cardholder_name')}
        email={form.register('billing_email')}
        nameError={errors.cardholder_name?.message}
        emailError={errors.billing_email?.message}
      />
      <Field
        label="Card number"
        error={errors.card_number?.message}
        labelAside={
          <span
            className="flex items-center gap-1.5 text-xs font-medium text-ink-600"
            data-testid="card-brand"
          >
            <CreditCard className="size-4" aria-hidden="true" />
            {BRAND_LABELS[brand]}
          </span>
        }
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          {...cardNumber}
          onChange={(event) => {
            event.target.value = formatCardNumber(event.target.value);
            void cardNumber.onChange(event);
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Field label="Expiry (MM/YY)" error={errors.expiry?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            {...expiry}
            onChange={(event) => {
              event.target.value = formatExpiry(event.target.value);
              void expiry.onChange(event);
            }}
          />
        </Field>
        <Field label="CVC" error={errors.cvc?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            {...form.register('cvc')}
          />
        </Field>
        <Field
          label="ZIP code"
          error={errors.postal_code?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input autoComplete="postal-code" placeholder="12345" {...form.register('postal_code')} />
        </Field>
      </div>
      <PaymentActions submitLabel={submitLabel} busy={isSubmitting} onBack={onBack} />
    </form>
  );
}
