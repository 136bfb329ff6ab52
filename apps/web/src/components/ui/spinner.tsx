import { cn } from '@/lib/utils';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A spinning ring. `label` is announced to screen readers; pass null when a parent already says it. */
export function Spinner({
  size = 'md',
  label = 'Loading',
  className,
}: {
  size?: keyof typeof sizes;
  label?: string | null;
  className?: string;
}) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <span
        className={cn(
          'animate-spin rounded-full border-current border-r-transparent opacity-80',
          sizes[size],
        )}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/**
 * Full-area centred loading state: the spinner with its label written under it, so a wait is
 * never a blank spinner (the label is the status a screen reader announces).
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-brand-600"
    >
      <Spinner size="lg" label={null} />
      <p className="text-sm font-medium text-ink-600">{label}…</p>
    </div>
  );
}
