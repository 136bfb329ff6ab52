import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A teacher's first and last name, side by side from the small breakpoint (sign-up, My Account). */
export function NameFields({
  firstName,
  lastName,
  firstNameError,
  lastNameError,
  autoFocus,
}: {
  firstName: UseFormRegisterReturn<'first_name'>;
  lastName: UseFormRegisterReturn<'last_name'>;
  firstNameError?: string;
  lastNameError?: string;
  /** Focus the first name when the form opens. */
  autoFocus?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name" error={firstNameError}>
        <Input autoComplete="given-name" autoFocus={autoFocus} {...firstName} />
      </Field>
      <Field label="Last name" error={lastNameError}>
        <Input autoComplete="family-name" {...lastName} />
      </Field>
    </div>
  );
}
