import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@app/contracts';
import {
  FACT_ATTRIBUTE_MAX,
  FACT_KINDS,
  FACT_SUBJECT_MAX,
  FACT_VALUE_MAX,
  type FactCreate,
} from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import {
  ATTRIBUTE_SUGGESTIONS,
  FACT_KIND_LABELS,
  attributeLabel,
  toAttribute,
} from './course-facts-logic';

const count = (n: number) => n.toLocaleString('en-US');

export const FACT_FORM_TEXT = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be ${count(FACT_SUBJECT_MAX)} characters or fewer`,
  attributeRequired: 'Attribute is required',
  attributeTooLong: `Attribute must be ${count(FACT_ATTRIBUTE_MAX)} characters or fewer`,
  attributeLetters: 'Attribute uses letters and spaces only, such as Office hours',
  valueRequired: 'Value is required',
  valueTooLong: `Value must be ${count(FACT_VALUE_MAX)} characters or fewer`,
} as const;

/** The contract's limits (factCreateSchema), with messages for a form and a readable attribute. */
const factFieldsSchema = z.object({
  kind: z.enum(FACT_KINDS),
  subject: z
    .string()
    .trim()
    .min(1, FACT_FORM_TEXT.subjectRequired)
    .max(FACT_SUBJECT_MAX, FACT_FORM_TEXT.subjectTooLong),
  attribute: z
    .string()
    .trim()
    .min(1, FACT_FORM_TEXT.attributeRequired)
    .max(FACT_ATTRIBUTE_MAX, FACT_FORM_TEXT.attributeTooLong)
    .refine((label) => /^[a-z][a-z_]*$/.test(toAttribute(label)), FACT_FORM_TEXT.attributeLetters),
  value: z
    .string()
    .trim()
    .min(1, FACT_FORM_TEXT.valueRequired)
    .max(FACT_VALUE_MAX, FACT_FORM_TEXT.valueTooLong),
});
type FactFieldsValues = z.input<typeof factFieldsSchema>;

interface FormProps<T> {
  initial: T;
  submitLabel: string;
  /** the server's message when saving failed */
  error: string | null;
  onSubmit(values: T): Promise<void>;
  onCancel(): void;
}

/** Kind, subject, attribute and value: adding a fact, editing one, or correcting one read. */
export function FactFieldsForm({
  initial,
  submitLabel,
  error,
  onSubmit,
  onCancel,
}: FormProps<FactCreate>) {
  const form = useForm<FactFieldsValues>({
    resolver: zodResolver(factFieldsSchema),
    defaultValues: { ...initial, attribute: attributeLabel(initial.attribute) },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  const suggestionsId = `fact-attributes-${kind}`;

  const submit = form.handleSubmit((values) =>
    onSubmit({
      kind: values.kind,
      subject: values.subject.trim(),
      attribute: toAttribute(values.attribute),
      value: values.value.trim(),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Field label="Kind">
        {/* defaultValue: React, not the form library, selects a native select's first option */}
        <Select defaultValue={initial.kind} {...form.register('kind')}>
          {FACT_KINDS.map((k) => (
            <option key={k} value={k}>
              {FACT_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Subject"
          hint="Who or what it is about, such as Dr. Kung or Lecture."
          error={errors.subject?.message}
        >
          <Input aria-required className="text-base sm:text-sm" {...form.register('subject')} />
        </Field>
        <Field
          label="Attribute"
          hint="What it tells, such as Office hours or Email."
          error={errors.attribute?.message}
        >
          <Input
            aria-required
            list={suggestionsId}
            className="text-base sm:text-sm"
            {...form.register('attribute')}
          />
        </Field>
      </div>
      <datalist id={suggestionsId}>
        {ATTRIBUTE_SUGGESTIONS[kind].map((attribute) => (
          <option key={attribute} value={attributeLabel(attribute)} />
        ))}
      </datalist>
      <ValueField
        length={form.watch('value').length}
        error={errors.value?.message}
        registration={form.register('value')}
      />
      <FormButtons submitLabel={submitLabel} busy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

function ValueField({
  length,
  error,
  registration,
}: {
  length: number;
  error: string | undefined;
  registration: UseFormRegisterReturn<'value'>;
}) {
  const overLimit = length > FACT_VALUE_MAX;
  return (
    <Field
      label="Value"
      error={error}
      hint={
        <span className="flex justify-between gap-3">
          <span>What students are told.</span>
          <span className={cn('tabular-nums', overLimit && 'font-semibold text-danger-700')}>
            {count(length)}/{count(FACT_VALUE_MAX)}
          </span>
        </span>
      }
    >
      <Textarea rows={3} aria-required className="text-base sm:text-sm" {...registration} />
    </Field>
  );
}

function FormButtons({
  submitLabel,
  busy,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  onCancel(): void;
}) {
  return (
    <DialogFooter className="mt-2">
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
