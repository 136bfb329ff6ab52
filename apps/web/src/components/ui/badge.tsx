import type { HTMLAttributes } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        brand: 'bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-200',
        neutral: 'bg-ink-100 text-ink-700 ring-1 ring-inset ring-ink-200',
        success: 'bg-success-50 text-success-700 ring-1 ring-inset ring-success-600/20',
        warning: 'bg-warning-50 text-warning-800 ring-1 ring-inset ring-warning-200',
        danger: 'bg-danger-50 text-danger-700 ring-1 ring-inset ring-danger-200',
        solid: 'bg-brand-600 text-white',
        count: 'min-w-5 justify-center bg-danger-600 px-1.5 text-white',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
