import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CARD_MESSAGES, cardholderSchema, type CardholderValues } from './card-validation';
import { CardholderFields } from './cardholder-fields';
import { PaymentActions } from './payment-actions';
import { paymentErrorText } from '@/lib/payment-error';
import type { CreateTrialPayload } from '../api/create-trial-subscription';

interface StripeCardFormProps {
  publishableKey: string;
  defaultValues: CardholderValues;
  submitLabel: string;
  onBack(): void;
  onPay(payload: CreateTrialPayload, values: CardholderValues): void;
}

const stripePromises = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js instance per publishable key, loaded on first use (stripe mode only). */
function stripeFor(key: string): Promise<Stripe | null> {
  let promise = stripePromises.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripePromises.set(key, promise);
  }
  return promise;
}

/** Card form backed by the card provider's browser client (SPEC §7). Default export for lazy(). */
export default function StripeCardForm(props: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ defaultValues, submitLabel, onBack, onPay }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);
  const form = useForm<CardholderValues>({
    resolver: zodResolver(cardholderSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setCardError(null);
    const card = elements?.getElement(CardElement) ?? null;
    if (!stripe || !card) {
      setCardError(CARD_MESSAGES.cardElementMissing);
      return;
    }
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: {
        name: values.cardholder_name.trim(),
        email: values.billing_email.trim(),
        address: { postal_code: values.postal_code.trim() },
      },
    });
    if (result.error || !result.paymentMethod) {
      setCardError(paymentErrorText(result.error));
      return;
    }
    onPay(
      {
        payment_method_id: result.paymentMethod.id,
        cardholder_name: values.cardholder_name.trim(),
        billing_email: values.billing_email.trim(),
      },
      values,
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {cardError ? <Alert variant="danger">{cardError}</Alert> : null}
      <CardholderFields
        name={form.register('cardholder_name')}
        email={form.register('billing_email')}
        nameError={errors.cardholder_name?.message}
        emailError={errors.billing_email?.message}
      />
      <div className="space-y-1.5">
        <Label id="card-details-label">Card details</Label>
        <div
          role="group"
          aria-labelledby="card-details-label"
          className="rounded-md border border-ink-300 bg-white px-3 py-3 shadow-sm focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/40"
        >
          <CardElement
            options={{
              hidePostalCode: true,
              style: {
                base: { fontSize: '14px', color: '#0f172a', '::placeholder': { color: '#64748b' } },
                invalid: { color: '#b91c1c' },
              },
            }}
          />
        </div>
      </div>
      <Field label="ZIP code" error={errors.postal_code?.message} className="sm:max-w-48">
        <Input autoComplete="postal-code" {...form.register('postal_code')} />
      </Field>
      <PaymentActions
        submitLabel={submitLabel}
        busy={isSubmitting}
        onBack={onBack}
        disabled={!stripe}
      />
    </form>
  );
}
