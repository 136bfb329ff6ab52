import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';
import { Field } from './field';
import { Textarea } from './textarea';

interface CountedTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  /** The characters counted (the caller decides whether surrounding blanks count). */
  count: number;
  limit: number;
  /**
   * A rule shown at the left of the hint, with the count as `n/limit` at its right (bold red past
   * `limit`). Without it the hint reads `n / limit characters`.
   */
  note?: ReactNode;
}

/** A labelled textarea with a live character count in its hint (announced with the field). */
export const CountedTextarea = forwardRef<HTMLTextAreaElement, CountedTextareaProps>(
  ({ label, error, count, limit, note, ...props }, ref) => (
    <Field
      label={label}
      error={error}
      hint={
        note ? (
          <span className="flex justify-between gap-3">
            <span>{note}</span>
            <span className={cn('tabular-nums', count > limit && 'font-semibold text-danger-700')}>
              {count.toLocaleString()}/{limit.toLocaleString()}
            </span>
          </span>
        ) : (
          `${count.toLocaleString()} / ${limit.toLocaleString()} characters`
        )
      }
    >
      <Textarea ref={ref} {...props} />
    </Field>
  ),
);
CountedTextarea.displayName = 'CountedTextarea';
