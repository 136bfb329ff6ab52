import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-ink-200/70', className)}
      {...props}
    />
  );
}
