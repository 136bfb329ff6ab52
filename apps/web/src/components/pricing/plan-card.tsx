import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatUsd } from '@/lib/format';
import type { Plan } from '@/lib/plans';
import { cn } from '@/lib/utils';

interface PlanCardProps {
  plan: Plan;
  /** The call to action; the Department plan always shows a disabled "Join Waitlist". */
  action?: ReactNode;
  highlighted?: boolean;
  compact?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function PlanCard({
  plan,
  action,
  highlighted = false,
  compact = false,
  headingLevel = 'h3',
}: PlanCardProps) {
  const Heading = headingLevel;
  return (
    <article
      aria-label={`${plan.name} plan`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white',
        compact ? 'p-5' : 'p-6 sm:p-8',
        highlighted
          ? 'border-brand-600 shadow-raised ring-1 ring-brand-600'
          : 'border-ink-200 shadow-card',
        plan.comingSoon && 'bg-ink-50',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <Heading className={cn('font-semibold text-ink-900', compact ? 'text-base' : 'text-lg')}>
          {plan.name}
        </Heading>
        {plan.comingSoon ? (
          <Badge variant="warning">Coming soon</Badge>
        ) : highlighted ? (
          <Badge variant="brand">Most popular</Badge>
        ) : null}
      </div>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span
          className={cn('font-bold tracking-tight text-ink-900', compact ? 'text-3xl' : 'text-4xl')}
        >
          {formatUsd(plan.price)}
        </span>
        <span className="text-sm text-ink-600">{plan.period}</span>
      </p>
      <p className="mt-2 text-sm leading-relaxed text-ink-600">{plan.summary}</p>
      <ul className={cn('space-y-2.5 text-sm text-ink-700', compact ? 'mt-4' : 'mt-6')}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className={cn('mt-auto', compact ? 'pt-5' : 'pt-8')}>
        {plan.comingSoon ? (
          <Button variant="outline" className="w-full" disabled>
            Join Waitlist
          </Button>
        ) : (
          action
        )}
      </div>
    </article>
  );
}
