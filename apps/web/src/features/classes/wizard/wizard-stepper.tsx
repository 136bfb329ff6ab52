import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STEP_NAMES } from './wizard-rules';

/**
 * The three steps as bars with their names. On a phone there is room for one name: the current
 * step takes the width it needs and shows its name in full, the others their number (their
 * names are still read out).
 */
export function WizardStepper({ step }: { step: number }) {
  return (
    <ol className="mb-6 flex gap-2" aria-label="Progress">
      {STEP_NAMES.map((name, index) => {
        const n = index + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li
            key={name}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'min-w-0 space-y-1.5 sm:flex-1',
              state === 'current' ? 'flex-[4]' : 'flex-1',
            )}
          >
            <div
              className={cn('h-1.5 rounded-full', state === 'todo' ? 'bg-ink-200' : 'bg-brand-600')}
            />
            <p
              className={cn(
                'flex items-center gap-1 text-xs font-medium',
                state === 'current' ? 'text-brand-800' : 'text-ink-600',
              )}
            >
              {state === 'done' ? (
                <Check className="size-3.5 shrink-0 text-brand-600" aria-hidden="true" />
              ) : null}
              <span className="sr-only">{state === 'done' ? 'Completed: ' : ''}</span>
              <span className="shrink-0">{n}. </span>
              <span className={cn('min-w-0', state !== 'current' && 'sr-only sm:not-sr-only')}>
                {name}
              </span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
