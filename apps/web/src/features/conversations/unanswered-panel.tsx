import { useState } from 'react';
import { CheckCircle2, MessageSquarePlus } from 'lucide-react';
import type { UnansweredGroup } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnanswered } from './api/get-unanswered';
import { AnswerDialog } from './answer-dialog';
import { formatDateTime, formatRelative } from './format';
import { LoadError, useLogFailure } from './load-error';

const ALL_ANSWERED = 'Every question was answered from the material.';

function askedTimes(count: number): string {
  return `Asked ${count.toLocaleString()} ${count === 1 ? 'time' : 'times'}`;
}

/** Questions the material did not cover, grouped by meaning; answering one closes the loop. */
export function UnansweredPanel({ classId }: { classId: string }) {
  const unanswered = useUnanswered(classId);
  useLogFailure(unanswered.error, 'Unanswered questions');
  const [answering, setAnswering] = useState<UnansweredGroup | null>(null);
  const groups = unanswered.data?.groups;

  return (
    <section aria-labelledby="unanswered-title" className="space-y-3">
      <div>
        <h3 id="unanswered-title" className="text-base font-semibold text-ink-900">
          Unanswered questions
        </h3>
        <p className="mt-0.5 text-sm text-ink-600">
          Questions the course material did not cover. Answer one once and students asking it again
          get your answer.
        </p>
      </div>

      {unanswered.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span role="status" className="sr-only">
            Loading unanswered questions
          </span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : unanswered.isError ? (
        <LoadError
          title="Couldn't load unanswered questions"
          onRetry={() => void unanswered.refetch()}
          retrying={unanswered.isFetching}
        />
      ) : groups && groups.length > 0 ? (
        <ul className="space-y-3">
          {groups.map((group) => (
            <GroupCard key={group.conversation_ids[0] ?? group.question} group={group}>
              <Button size="sm" onClick={() => setAnswering(group)}>
                <MessageSquarePlus aria-hidden="true" />
                Answer
              </Button>
            </GroupCard>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-ink-300 bg-white px-6 py-10 text-center">
          <CheckCircle2 className="size-6 text-success-600" aria-hidden="true" />
          <p className="mt-3 text-sm font-semibold text-ink-900">{ALL_ANSWERED}</p>
        </div>
      )}

      <AnswerDialog classId={classId} group={answering} onClose={() => setAnswering(null)} />
    </section>
  );
}

function GroupCard({ group, children }: { group: UnansweredGroup; children: React.ReactNode }) {
  return (
    <li className="rounded-xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold break-words text-ink-900">{group.question}</p>
          <p className="mt-1 text-xs text-ink-600">
            <span className="font-semibold text-warning-800">{askedTimes(group.count)}</span>
            {' · last asked '}
            <time dateTime={group.last_asked_at} title={formatDateTime(group.last_asked_at)}>
              {formatRelative(group.last_asked_at)}
            </time>
          </p>
          {group.variants.length > 0 ? (
            <div className="mt-2.5">
              <p className="text-xs font-semibold text-ink-600">Also asked as</p>
              <ul className="mt-1 space-y-0.5 text-sm text-ink-700">
                {group.variants.map((variant) => (
                  <li key={variant} className="break-words">
                    “{variant}”
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="shrink-0">{children}</div>
      </div>
    </li>
  );
}
