import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** Cardholder name and billing e-mail, side by side from the small breakpoint: both card forms. */
export function CardholderFields({
  name,
  email,
  nameError,
  emailError,
}: {
  name: UseFormRegisterReturn<'cardholder_name'>;
  email: UseFormRegisterReturn<'billing_email'>;
  nameError?: string;
  emailError?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Cardholder name" error={nameError}>
        <Input autoComplete="cc-name" {...name} />
      </Field>
      <Field label="Email" error={emailError}>
        <Input type="email" autoComplete="email" {...email} />
      </Field>
    </div>
  );
}
