import { useCallback, useState } from 'react';
import { ListChecks } from 'lucide-react';
import type { AssistantCheckItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAssistantCheck } from './api/get-assistant-check';
import { useUpdateAssistantCheck } from './api/update-assistant-check';
import { AddQuestionForm } from './add-question-form';
import { CHECK_TEXT, needsReviewCount } from './assistant-check-logic';
import { CheckAnswerDialog } from './check-answer-dialog';
import { CheckRow, type CheckAction, type FocusTarget, type RowState } from './check-row';

type HeadingLevel = 'h2' | 'h3';

/**
 * Check your assistant (issue 29): the questions students ask about every course, each with the
 * reply a student gets now, for the teacher to confirm, rewrite or mark not covered; then the
 * teacher's own questions. Used in the create wizard's last step and in Review Course.
 */
export function AssistantCheck({
  classId,
  headingLevel = 'h3',
  className,
}: {
  classId: string;
  headingLevel?: HeadingLevel;
  className?: string;
}) {
  const query = useAssistantCheck(classId);
  const update = useUpdateAssistantCheck(classId);
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [focus, setFocus] = useState<{ id: string; target: FocusTarget } | null>(null);
  const [editing, setEditing] = useState<AssistantCheckItem | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focused = useCallback(() => setFocus(null), []);

  const Heading = headingLevel;
  const SubHeading = headingLevel === 'h2' ? 'h3' : 'h4';
  const headingId = `assistant-check-${classId}`;

  function setRow(id: string, state: RowState | null) {
    setRows(({ [id]: _old, ...others }) => (state ? { ...others, [id]: state } : others));
  }

  async function setStatus(
    item: AssistantCheckItem,
    status: 'confirmed' | 'not_covered' | 'unchecked',
  ) {
    setRow(item.id, { pending: status, error: null });
    setAnnouncement('');
    try {
      await update.mutateAsync({ itemId: item.id, update: { status } });
      setRow(item.id, null);
      // the pressed button is gone: Confirm and Not covered give way to Edit (in Confirm's place),
      // Undo to Confirm
      setFocus({ id: item.id, target: status === 'unchecked' ? 'confirm' : 'edit' });
      setAnnouncement(CHECK_TEXT.announce[status](item.question));
    } catch (failure) {
      setRow(item.id, { pending: null, error: errorText(failure, CHECK_TEXT.updateFailed) });
    }
  }

  async function saveAnswer(item: AssistantCheckItem, answer: string) {
    setEditError(null);
    setAnnouncement('');
    try {
      await update.mutateAsync({ itemId: item.id, update: { status: 'edited', answer } });
      setRow(item.id, null);
      setEditing(null);
      setAnnouncement(CHECK_TEXT.announce.edited(item.question));
    } catch (failure) {
      setEditError(errorText(failure, CHECK_TEXT.updateFailed));
    }
  }

  function onAction(action: CheckAction, item: AssistantCheckItem) {
    if (action === 'edit') {
      setEditError(null);
      setEditing(item);
    } else void setStatus(item, action);
  }

  const items = query.data?.items ?? [];
  const standard = items.filter((item) => item.standard);
  const own = items.filter((item) => !item.standard);
  const toReview = needsReviewCount(items);

  const list = (label: string, entries: AssistantCheckItem[]) => (
    <ol
      aria-label={label}
      className="divide-y divide-ink-200 rounded-lg border border-ink-200 bg-white"
    >
      {entries.map((item) => (
        <CheckRow
          key={item.id}
          item={item}
          state={rows[item.id]}
          focus={focus?.id === item.id ? focus.target : null}
          onFocused={focused}
          onAction={onAction}
        />
      ))}
    </ol>
  );

  return (
    <section aria-labelledby={headingId} className={cn('space-y-5', className)}>
      <div className="space-y-3">
        <div className="space-y-1">
          <Heading id={headingId} className="text-base font-semibold text-ink-900">
            {CHECK_TEXT.title}
          </Heading>
          <p className="text-sm leading-relaxed text-ink-600">{CHECK_TEXT.intro}</p>
        </div>
        {query.data ? (
          <div className="space-y-1.5">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-ink-900">
                {CHECK_TEXT.progress(query.data.checked, query.data.total)}
              </span>
              {toReview > 0 ? (
                <span className="font-medium text-warning-800">
                  · {CHECK_TEXT.needReview(toReview)}
                </span>
              ) : null}
            </p>
            <Progress
              value={query.data.checked}
              max={query.data.total}
              label="Questions checked"
              valueText={CHECK_TEXT.progress(query.data.checked, query.data.total)}
              className="h-2"
            />
          </div>
        ) : null}
      </div>

      {query.isPending ? (
        <CheckSkeleton />
      ) : query.isError ? (
        <div
          role="alert"
          className="rounded-xl border border-danger-200 bg-danger-50 p-6 text-center"
        >
          <p className="font-semibold text-danger-700">{CHECK_TEXT.loadFailedTitle}</p>
          <p className="mt-1 text-sm text-danger-700">
            {errorText(query.error, CHECK_TEXT.loadFailed)}
          </p>
          <Button
            variant="outline"
            className="mt-4"
            loading={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-ink-300 px-6 py-8 text-center">
          <ListChecks className="size-6 text-brand-600" aria-hidden="true" />
          <p className="mt-2 font-semibold text-ink-900">{CHECK_TEXT.emptyTitle}</p>
          <p className="mt-1 text-sm text-ink-600">{CHECK_TEXT.emptyDescription}</p>
        </div>
      ) : (
        <div className="space-y-5">
          {standard.length ? list('Questions students ask', standard) : null}
          {own.length ? (
            <div className="space-y-2">
              <SubHeading className="text-sm font-semibold text-ink-900">Your questions</SubHeading>
              {list('Your questions', own)}
            </div>
          ) : null}
        </div>
      )}

      {query.isSuccess ? (
        <AddQuestionForm
          classId={classId}
          onAdded={(item) => setAnnouncement(CHECK_TEXT.announce.added(item.question))}
          onFailed={setAnnouncement}
        />
      ) : null}

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <CheckAnswerDialog
        item={editing}
        error={editError}
        onSave={saveAnswer}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}

function CheckSkeleton() {
  return (
    <div aria-busy="true" className="space-y-3">
      <p role="status" className="flex items-center gap-2 text-sm text-ink-700">
        <Spinner size="sm" label={null} />
        <span>
          {CHECK_TEXT.loading} <span className="text-ink-600">{CHECK_TEXT.loadingHint}</span>
        </span>
      </p>
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </div>
  );
}
