import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export const inputClasses =
  'block w-full rounded-md border border-ink-300 bg-white px-3 text-sm text-ink-900 shadow-sm transition-colors placeholder:text-ink-500 hover:border-ink-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 disabled:cursor-not-allowed disabled:bg-ink-100 disabled:text-ink-600 aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600/40';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, type = 'text', ...props }, ref) => (
    <input ref={ref} type={type} className={cn(inputClasses, 'h-10', className)} {...props} />
  ),
);
Input.displayName = 'Input';
