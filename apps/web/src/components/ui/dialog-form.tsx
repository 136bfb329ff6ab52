import type { FormEvent, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

/**
 * The inside of a dialog that is one form: title and description, the fields (`children`), the
 * failure of the last attempt, then Cancel (when `onCancel` is given) and the submit button.
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  error,
  submitLabel,
  submitIcon: SubmitIcon,
  pending,
  submitDisabled,
  onCancel,
  footerClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Shown as a danger alert under the fields. */
  error?: string | null;
  submitLabel: ReactNode;
  /** Shown before the label, except while `pending` (the button then shows its spinner). */
  submitIcon?: LucideIcon;
  pending: boolean;
  submitDisabled?: boolean;
  onCancel?: () => void;
  /** e.g. a smaller gap above the buttons. */
  footerClassName?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        {children}
        {error ? <Alert variant="danger">{error}</Alert> : null}
      </div>
      <DialogFooter className={footerClassName}>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={pending} disabled={submitDisabled}>
          {SubmitIcon && !pending ? <SubmitIcon aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
