import { useRef, useState } from 'react';
import { EyeOff, RotateCcw } from 'lucide-react';
import type { CourseFact } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { useUpdateCourseFact } from './api/update-course-fact';
import { factName } from './course-fact-row';

export const HIDDEN_TEXT = {
  heading: 'Hidden facts',
  explain: 'Students are not told these. Restore one to use it again.',
  restored: (name: string) => `${name} restored: students are told it again.`,
  failed: 'Could not restore the fact. Please try again.',
} as const;

/**
 * The facts the teacher hid, to see again and restore (issue 31): closed by default under its
 * count; Restore makes a fact active again (PATCH status active). Focus stays in the list (the
 * next fact's Restore, else the list's summary) when a restored row leaves it.
 */
export function HiddenFacts({ classId, facts }: { classId: string; facts: CourseFact[] }) {
  const hidden = facts.filter((f) => f.status === 'hidden');
  const update = useUpdateCourseFact(classId);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const summary = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);

  if (hidden.length === 0)
    return (
      <p role="status" className="sr-only">
        {announcement}
      </p>
    );

  async function restore(fact: CourseFact, index: number) {
    setPending(fact.id);
    setError(null);
    setAnnouncement('');
    try {
      await update.mutateAsync({ factId: fact.id, patch: { status: 'active' } });
      setAnnouncement(HIDDEN_TEXT.restored(factName(fact)));
      requestAnimationFrame(() => {
        const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
        const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
        (next ?? summary.current)?.focus();
      });
    } catch (failure) {
      setError(errorText(failure, HIDDEN_TEXT.failed));
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-label={HIDDEN_TEXT.heading}>
      <details className="group rounded-lg border border-ink-200 bg-white">
        <summary
          ref={summary}
          className="flex cursor-pointer items-center gap-2 rounded-lg px-4 py-3 text-sm font-semibold text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <EyeOff className="size-4 text-ink-500" aria-hidden="true" />
          {HIDDEN_TEXT.heading}
          <Badge variant="neutral">{hidden.length}</Badge>
        </summary>
        <div className="space-y-3 border-t border-ink-100 px-4 py-3">
          <p className="text-sm text-ink-600">{HIDDEN_TEXT.explain}</p>
          {error ? <Alert variant="danger">{error}</Alert> : null}
          <ul ref={list} className="divide-y divide-ink-100">
            {hidden.map((fact, index) => (
              <li
                key={fact.id}
                className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium text-ink-900">{factName(fact)}</p>
                  <p className="text-sm break-words text-ink-600">{fact.value}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-center"
                  loading={pending === fact.id}
                  aria-label={`Restore ${factName(fact)}`}
                  onClick={() => void restore(fact, index)}
                >
                  {pending === fact.id ? null : <RotateCcw aria-hidden="true" />}
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </details>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
