import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATE_MESSAGES,
  isoDateSchema,
  z,
  type DatedItem,
  type DatedItemUpdate,
} from '@app/contracts';
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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/dates';
import { useUpdateDatedItem } from './api/update-dated-item';

export const DATED_TITLE_MAX = 200;

export const DATED_FORM_TEXT = {
  dateRequired: 'Enter the date.',
  titleRequired: 'Say what happens on this date.',
  titleTooLong: `Keep it to ${DATED_TITLE_MAX} characters or fewer.`,
  failed: 'Could not save the date.',
} as const;

/** The contract's rules (datedItemUpdateSchema), with a form's messages: both fields are shown. */
const datedItemFormSchema = z.object({
  date: z
    .string()
    .trim()
    .min(1, DATED_FORM_TEXT.dateRequired)
    .refine((day) => isoDateSchema.safeParse(day).success, DATE_MESSAGES.badDate),
  title: z
    .string()
    .trim()
    .min(1, DATED_FORM_TEXT.titleRequired)
    .max(DATED_TITLE_MAX, DATED_FORM_TEXT.titleTooLong),
});
type DatedItemValues = z.infer<typeof datedItemFormSchema>;

/**
 * Correct a dated item's day or title (PUT, only what changed). `onSaved` is given the item as the
 * server returns it (a correction may carry a new id) once the dates are fetched again.
 */
export function DatedItemDialog({
  classId,
  item,
  onClose,
  onSaved,
  onCloseAutoFocus,
}: {
  classId: string;
  item: DatedItem | null;
  onClose(): void;
  onSaved(item: DatedItem): void;
  onCloseAutoFocus(event: Event): void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="sm" onCloseAutoFocus={onCloseAutoFocus}>
        {item ? (
          <DatedItemForm
            key={item.id}
            classId={classId}
            item={item}
            onClose={onClose}
            onSaved={onSaved}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DatedItemForm({
  classId,
  item,
  onClose,
  onSaved,
}: {
  classId: string;
  item: DatedItem;
  onClose(): void;
  onSaved(item: DatedItem): void;
}) {
  const update = useUpdateDatedItem(classId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DatedItemValues>({
    resolver: zodResolver(datedItemFormSchema),
    defaultValues: { date: item.date, title: item.title },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const patch: DatedItemUpdate = {};
    if (values.date !== item.date) patch.date = values.date;
    if (values.title !== item.title.trim()) patch.title = values.title;
    if (patch.date === undefined && patch.title === undefined) {
      onClose();
      return;
    }
    setError(null);
    try {
      const saved = await update.mutateAsync({ itemId: item.id, patch });
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(errorText(failure, DATED_FORM_TEXT.failed));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogHeader>
        <DialogTitle>Correct this date</DialogTitle>
        <DialogDescription>
          <span className="font-medium text-ink-800">
            {item.title} · {formatCalendarDay(item.date, 'shortYear')}
          </span>
          . Students are told your correction from now on; your material is not changed.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <Field label="Date" error={errors.date?.message}>
          <Input
            type="date"
            aria-required
            {...form.register('date', { onChange: () => form.clearErrors('date') })}
          />
        </Field>
        <Field label="What happens" error={errors.title?.message}>
          <Input
            maxLength={DATED_TITLE_MAX}
            aria-required
            {...form.register('title', { onChange: () => form.clearErrors('title') })}
          />
        </Field>
        {error ? <Alert variant="danger">{error}</Alert> : null}
      </div>
      <DialogFooter>
        <Button variant="ghost" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
