import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Heading level of the title; pages use h2 under the header's h1. */
  headingLevel?: 'h2' | 'h3';
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  children,
  className,
  headingLevel = 'h2',
}: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <section
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-ink-300 bg-white px-6 py-12 text-center sm:px-12 sm:py-16',
        className,
      )}
    >
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="text-xl font-semibold tracking-tight text-ink-900">{title}</Heading>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-ink-600">{description}</p>
      {action ? <div className="mt-6 flex flex-col items-center gap-3">{action}</div> : null}
      {children}
    </section>
  );
}
