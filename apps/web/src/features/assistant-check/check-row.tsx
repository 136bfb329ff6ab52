import { useEffect, useId, useRef, type MouseEvent } from 'react';
import {
  AlertCircle,
  AlertTriangle,
  Ban,
  Check,
  CheckCircle2,
  Circle,
  Pencil,
  RotateCcw,
  type LucideIcon,
} from 'lucide-react';
import type { AssistantCheckItem, CheckStatus } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CHECK_TEXT, STATUS_LABEL, isChecked } from './assistant-check-logic';
import { CheckReply, PreviousAnswer } from './check-reply';

/** What a row's buttons ask for: a status at once, or the answer dialog. */
export type CheckAction = 'confirmed' | 'not_covered' | 'unchecked' | 'edit';

/** The row's button that takes focus once its change is made (the one pressed may be gone). */
export type FocusTarget = 'confirm' | 'edit';

/** A row's change on its way (which one), or why it failed. */
export interface RowState {
  pending: CheckAction | null;
  error: string | null;
}

const BADGE: Record<
  CheckStatus,
  { variant: 'neutral' | 'success' | 'brand' | 'warning'; icon: LucideIcon }
> = {
  unchecked: { variant: 'neutral', icon: Circle },
  confirmed: { variant: 'success', icon: CheckCircle2 },
  edited: { variant: 'brand', icon: Pencil },
  not_covered: { variant: 'neutral', icon: Ban },
  needs_review: { variant: 'warning', icon: AlertTriangle },
};

export function StatusBadge({ status }: { status: CheckStatus }) {
  const { variant, icon: Icon } = BADGE[status];
  return (
    <Badge variant={variant} className="shrink-0">
      <Icon aria-hidden="true" />
      {STATUS_LABEL[status]}
    </Badge>
  );
}

const CAPTION: Record<Exclude<CheckStatus, 'needs_review'>, string> = {
  unchecked: CHECK_TEXT.replyNow,
  confirmed: CHECK_TEXT.studentsGet,
  edited: CHECK_TEXT.studentsGet,
  not_covered: CHECK_TEXT.studentsToldNotCovered,
};

/**
 * One question: the reply a student gets now, its status, and what the teacher can do with it.
 * Not yet checked (or to be looked at again): Confirm, Edit, Not covered. Checked: Edit and Undo.
 * The Edit button stays in place through every change, so focus has somewhere to go back to.
 */
export function CheckRow({
  item,
  state,
  focus,
  onFocused,
  onAction,
}: {
  item: AssistantCheckItem;
  state: RowState | undefined;
  /** a button to move focus to, once the change that removed the pressed one is shown */
  focus: FocusTarget | null;
  onFocused(): void;
  onAction(action: CheckAction, item: AssistantCheckItem, trigger: HTMLElement): void;
}) {
  const questionId = useId();
  const reasonId = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const rowRef = useRef<HTMLLIElement>(null);
  const { status, reply, question } = item;
  const checked = isChecked(status);
  const review = status === 'needs_review';
  const nothingToConfirm = reply.kind === 'none';
  const pending = state?.pending ?? null;
  const busy = pending !== null;

  useEffect(() => {
    if (!focus) return;
    // only when focus went with the pressed button (to the page, or still in this row), never
    // away from where the teacher has since moved it
    const active = document.activeElement;
    if (!active || active === document.body || rowRef.current?.contains(active)) {
      (focus === 'confirm' ? confirmButton : editButton).current?.focus();
    }
    onFocused();
  }, [focus, onFocused]);

  const act = (action: CheckAction) => (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) return;
    onAction(action, item, event.currentTarget);
  };
  const icon = (action: CheckAction, Icon: LucideIcon) =>
    pending === action ? <Spinner size="sm" label={null} /> : <Icon aria-hidden="true" />;

  return (
    <li
      ref={rowRef}
      aria-labelledby={questionId}
      aria-busy={busy || undefined}
      className="space-y-3 px-4 py-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
        {/* the badge goes under the question where both do not fit side by side */}
        <p id={questionId} className="min-w-48 flex-1 font-semibold break-words text-ink-900">
          {question}
        </p>
        <StatusBadge status={status} />
      </div>

      {review ? (
        <div className="space-y-2">
          <p className="flex items-start gap-1.5 text-xs text-warning-800">
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0">{CHECK_TEXT.reviewExplained}</span>
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            {item.answer ? (
              <PreviousAnswer text={item.answer} caption={CHECK_TEXT.previousAnswer} />
            ) : null}
            <CheckReply reply={reply} caption={CHECK_TEXT.newReply} />
          </div>
        </div>
      ) : (
        <CheckReply reply={reply} caption={CAPTION[status]} />
      )}

      <div className="-ml-2 flex flex-wrap items-center gap-1">
        {checked ? null : (
          <Button
            ref={confirmButton}
            variant="ghost"
            size="sm"
            className="text-brand-700 hover:bg-brand-50 hover:text-brand-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-transparent"
            aria-label={`Confirm: ${question}`}
            aria-disabled={nothingToConfirm || busy || undefined}
            aria-describedby={nothingToConfirm ? reasonId : undefined}
            onClick={(event) => {
              if (!nothingToConfirm) act('confirmed')(event);
            }}
          >
            {icon('confirmed', Check)} Confirm
          </Button>
        )}
        <Button
          ref={editButton}
          variant="ghost"
          size="sm"
          aria-label={`Edit: ${question}`}
          aria-disabled={busy || undefined}
          onClick={act('edit')}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
        {checked ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Not covered: ${question}`}
            aria-disabled={busy || undefined}
            onClick={act('not_covered')}
          >
            {icon('not_covered', Ban)} Not covered
          </Button>
        )}
        {checked ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-ink-600"
            aria-label={`Undo: ${question}`}
            aria-disabled={busy || undefined}
            onClick={act('unchecked')}
          >
            {icon('unchecked', RotateCcw)} Undo
          </Button>
        ) : null}
      </div>
      {nothingToConfirm && !checked ? (
        <p id={reasonId} className="-mt-2 text-xs text-ink-600">
          {CHECK_TEXT.cannotConfirm}
        </p>
      ) : null}
      {state?.error ? (
        <p role="alert" className="flex items-start gap-1.5 text-xs text-danger-700">
          <AlertCircle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span className="min-w-0">{state.error}</span>
        </p>
      ) : null}
    </li>
  );
}
