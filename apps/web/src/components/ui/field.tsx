import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

interface FieldProps {
  label: ReactNode;
  /** Exactly one form control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  hint?: ReactNode;
  error?: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** Element rendered at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  className?: string;
}

/** Label + control + hint + error, wired for assistive technology. */
export function Field({
  label,
  children,
  hint,
  error,
  optional,
  labelAside,
  className,
}: FieldProps) {
  const autoId = useId();
  const id = (isValidElement(children) && children.props.id) || `field-${autoId}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {optional ? <span className="ml-1 font-normal text-ink-600">(optional)</span> : null}
        </Label>
        {labelAside}
      </div>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and error lines, with the ids its control's aria-describedby names. */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
