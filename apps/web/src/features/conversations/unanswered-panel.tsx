import { useEffect, useRef, useState } from 'react';
import { Ban, CheckCircle2, MessageSquarePlus } from 'lucide-react';
import { toast } from 'sonner';
import type { UnansweredGroup } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/api-client';
import { useDismissUnanswered, useRestoreUnanswered } from './api/dismiss-unanswered';
import { useUnanswered } from './api/get-unanswered';
import { AnswerDialog } from './answer-dialog';
import { formatDateTime, formatRelative } from './format';
import { LoadError, useLogFailure } from './load-error';

const ALL_ANSWERED = 'Every question was answered from the material.';
export const DISMISS_TEXT = {
  hint: 'Not about the course: take it off the list without answering',
  dismissed: 'Question dismissed',
  dismissedDetail: (question: string) => `“${question}” is off the unanswered list.`,
  failed: 'The question could not be dismissed. Please try again.',
  restoreFailed: 'The question could not be put back. Please try again.',
} as const;

/** How long the toast with Undo stays: time to read it and reach Undo (Alt+T from the keyboard). */
const UNDO_TOAST_MS = 10_000;

/** A group's card, its Answer and its Dismiss are found by its latest conversation. */
const groupKey = (group: UnansweredGroup) => group.conversation_ids[0] ?? group.question;

function askedTimes(count: number): string {
  return `Asked ${count.toLocaleString()} ${count === 1 ? 'time' : 'times'}`;
}

/**
 * Questions the material did not cover, grouped by meaning; answering one closes the loop, and
 * one not about the course can be dismissed (Undo in the toast).
 */
export function UnansweredPanel({ classId }: { classId: string }) {
  const unanswered = useUnanswered(classId);
  useLogFailure(unanswered.error, 'Unanswered questions');
  const [answering, setAnswering] = useState<UnansweredGroup | null>(null);
  const dismiss = useDismissUnanswered(classId);
  const restore = useRestoreUnanswered(classId);
  const groups = unanswered.data?.groups;
  const sectionRef = useRef<HTMLElement>(null);
  /** what takes focus once it is on the page (a selector in the section) */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const target = sectionRef.current?.querySelector<HTMLElement>(focusTarget);
    if (!target) return;
    target.focus();
    setFocusTarget(null);
  }, [focusTarget, groups]);

  /** Undo in the toast: the group is back (the toaster gives focus back to where it came from). */
  function undo(group: UnansweredGroup) {
    restore.mutate(group, {
      onError: (error) => toast.error(errorText(error, DISMISS_TEXT.restoreFailed)),
    });
  }

  /** What takes focus once `group` leaves: the Answer of the group taking its place, else the heading. */
  function focusAfter(group: UnansweredGroup): string {
    const index = groups?.findIndex((g) => groupKey(g) === groupKey(group)) ?? -1;
    const next = groups?.[index + 1] ?? groups?.[index - 1];
    return next ? `[data-answer="${CSS.escape(groupKey(next))}"]` : '#unanswered-title';
  }

  /** An answered group leaves the list: focus goes where a dismissed group's would. */
  const afterAnswer = useRef<string | null>(null);
  function returnFocusAfterAnswer(event: Event) {
    if (!afterAnswer.current) return; // cancelled: back to the group's Answer, as Radix does
    event.preventDefault();
    setFocusTarget(afterAnswer.current);
    afterAnswer.current = null;
  }

  /** The group leaves; focus goes to the Answer of the group taking its place, else the heading. */
  function dismissGroup(group: UnansweredGroup) {
    const target = focusAfter(group);
    dismiss.mutate(group, {
      onSuccess: () => {
        toast.success(DISMISS_TEXT.dismissed, {
          description: DISMISS_TEXT.dismissedDetail(group.question),
          action: { label: 'Undo', onClick: () => undo(group) },
          duration: UNDO_TOAST_MS,
        });
        setFocusTarget(target);
      },
      onError: (error) => toast.error(errorText(error, DISMISS_TEXT.failed)),
    });
  }

  return (
    <section ref={sectionRef} aria-labelledby="unanswered-title" className="space-y-3">
      <div>
        <h3
          id="unanswered-title"
          tabIndex={-1}
          className="text-base font-semibold text-ink-900 focus:outline-none"
        >
          Unanswered questions
        </h3>
        <p className="mt-0.5 text-sm text-ink-600">
          Questions the course material did not cover. Answer one once and students asking it again
          get your answer; dismiss one that is not about the course.
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
            <GroupCard key={groupKey(group)} group={group}>
              <Button size="sm" data-answer={groupKey(group)} onClick={() => setAnswering(group)}>
                <MessageSquarePlus aria-hidden="true" />
                Answer
              </Button>
              <Button
                size="sm"
                variant="outline"
                data-dismiss={groupKey(group)}
                title={DISMISS_TEXT.hint}
                loading={dismiss.isPending && dismiss.variables === group}
                disabled={dismiss.isPending}
                onClick={() => dismissGroup(group)}
              >
                {dismiss.isPending && dismiss.variables === group ? null : (
                  <Ban aria-hidden="true" />
                )}
                Dismiss
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

      <AnswerDialog
        classId={classId}
        group={answering}
        onClose={() => setAnswering(null)}
        onAnswered={(group) => (afterAnswer.current = focusAfter(group))}
        onCloseAutoFocus={returnFocusAfterAnswer}
      />
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
        <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
      </div>
    </li>
  );
}
