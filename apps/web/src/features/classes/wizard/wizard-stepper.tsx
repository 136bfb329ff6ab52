import { cn } from '@/lib/utils';
import { STEP_NAMES } from './wizard-rules';

/** The three steps as bars with their names (only numbers on a phone). */
export function WizardStepper({ step }: { step: number }) {
  return (
    <ol className="mb-6 grid grid-cols-3 gap-2" aria-label="Progress">
      {STEP_NAMES.map((name, index) => {
        const n = index + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li
            key={name}
            aria-current={state === 'current' ? 'step' : undefined}
            className="space-y-1.5"
          >
            <div
              className={cn('h-1.5 rounded-full', state === 'todo' ? 'bg-ink-200' : 'bg-brand-600')}
            />
            <p
              className={cn(
                'text-xs font-medium',
                state === 'current' ? 'text-brand-800' : 'text-ink-600',
              )}
            >
              <span className="sr-only">{state === 'done' ? 'Completed: ' : ''}</span>
              {n}. <span className="hidden sm:inline">{name}</span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
