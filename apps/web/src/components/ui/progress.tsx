import { cn } from '@/lib/utils';

/** A labelled progress bar (role="progressbar"). */
export function Progress({
  value,
  max,
  label,
  valueText,
  className,
  tone = 'brand',
}: {
  value: number;
  max: number;
  label: string;
  valueText?: string;
  className?: string;
  tone?: 'brand' | 'warning' | 'danger';
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-ink-100', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500',
          tone === 'brand' && 'bg-brand-600',
          tone === 'warning' && 'bg-accent-500',
          tone === 'danger' && 'bg-danger-600',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
