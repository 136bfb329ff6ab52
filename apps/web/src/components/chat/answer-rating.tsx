import { useId, useRef, useState } from 'react';
import { AlertCircle, ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react';
import type { AnswerRating as Rating } from '@app/contracts';
import { hasErrorCode } from '@/lib/api-client';
import { cn } from '@/lib/utils';

export const RATING_TEXT = {
  group: 'Rate this answer',
  failed: "Your rating wasn't saved. Please try again.",
  thanksHelpful: 'Thanks, marked helpful.',
  thanksNotHelpful: 'Thanks, marked not helpful.',
  removed: 'Rating removed.',
} as const;

/**
 * `pressed`: the pill while its rating is chosen ("Not helpful" in the warning tint the teacher
 * sees it in); the icon fills too, so the choice does not rest on colour alone.
 */
const OPTIONS: readonly { value: Rating; label: string; Icon: LucideIcon; pressed: string }[] = [
  {
    value: 'helpful',
    label: 'Helpful',
    Icon: ThumbsUp,
    pressed: 'bg-brand-50 text-brand-800 ring-1 ring-brand-200 ring-inset',
  },
  {
    value: 'not_helpful',
    label: 'Not helpful',
    Icon: ThumbsDown,
    pressed: 'bg-warning-50 text-warning-800 ring-1 ring-warning-200 ring-inset',
  },
];

/** What a failed rating says: RATE_LIMITED's own reason (how long to wait), otherwise a plain retry hint. */
export function ratingErrorText(error: unknown): string {
  if (hasErrorCode(error, 'RATE_LIMITED') && error.message) return error.message;
  return RATING_TEXT.failed;
}

const thanksFor = (rating: Rating | null) =>
  rating === 'helpful'
    ? RATING_TEXT.thanksHelpful
    : rating === 'not_helpful'
      ? RATING_TEXT.thanksNotHelpful
      : RATING_TEXT.removed;

/**
 * The rating shows at once; the server hears it one request at a time, always the latest choice
 * (quick taps send at most one more request, in order). When a request fails, the rating goes
 * back to what the server last accepted and `error` says why.
 */
function useRating(
  onRate: (rating: Rating | null) => Promise<unknown>,
  initial: Rating | null,
  errorText: (error: unknown) => string,
) {
  const [shown, setShown] = useState<Rating | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState('');
  const saved = useRef(initial);
  const wanted = useRef(initial);
  const sending = useRef(false);

  async function send() {
    if (sending.current) return;
    sending.current = true;
    try {
      while (wanted.current !== saved.current) {
        const next = wanted.current;
        await onRate(next);
        saved.current = next;
      }
      setThanks(thanksFor(saved.current));
    } catch (failure) {
      wanted.current = saved.current;
      setShown(saved.current);
      setError(errorText(failure));
    } finally {
      sending.current = false;
    }
  }

  /** Tapping the chosen rating again takes it back; tapping the other switches. */
  function choose(value: Rating) {
    const next = wanted.current === value ? null : value;
    wanted.current = next;
    setShown(next);
    setError(null);
    setThanks('');
    void send();
  }

  return { shown, error, thanks, choose };
}

/**
 * Helpful / Not helpful under a finished answer: one tap, changeable, no account. The rating
 * shows at once and goes back (with a short reason beside it) if it could not be saved. A screen
 * reader hears a short thanks through a polite live region; nothing else pops up. On a phone each
 * button is a 44 px target around a small pill.
 */
export function AnswerRating({
  onRate,
  initial = null,
  errorText = ratingErrorText,
  prompt,
  className,
}: {
  /** Saves the rating (null takes it back); rejects when it was not saved. */
  onRate(rating: Rating | null): Promise<unknown>;
  initial?: Rating | null;
  errorText?: (error: unknown) => string;
  /** A question shown before the buttons (and naming them), e.g. "Did this help?" under an excerpt. */
  prompt?: string;
  className?: string;
}) {
  const { shown, error, thanks, choose } = useRating(onRate, initial, errorText);
  const promptId = useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-x-2', className)}>
      {prompt ? (
        <span id={promptId} className="text-xs font-medium text-ink-700">
          {prompt}
        </span>
      ) : null}
      <div
        role="group"
        aria-label={prompt ? undefined : RATING_TEXT.group}
        aria-labelledby={prompt ? promptId : undefined}
        className={cn('flex items-center', !prompt && '-ml-1')}
      >
        {OPTIONS.map(({ value, label, Icon, pressed }) => {
          const on = shown === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={on}
              onClick={() => choose(value)}
              className="group inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-0.5 focus-visible:outline-none sm:min-h-8"
            >
              <span
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium transition-colors group-focus-visible:outline-2 group-focus-visible:outline-offset-1 group-focus-visible:outline-brand-600',
                  on ? pressed : 'text-ink-600 group-hover:bg-ink-100 group-hover:text-ink-900',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn('size-3.5 shrink-0', on && 'fill-current')}
                />
                {label}
              </span>
            </button>
          );
        })}
      </div>
      <div aria-live="polite" aria-atomic="true" className="min-w-0">
        {error ? (
          <p className="flex items-start gap-1.5 py-1 text-xs text-danger-700">
            <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0">{error}</span>
          </p>
        ) : thanks ? (
          <span className="sr-only">{thanks}</span>
        ) : null}
      </div>
    </div>
  );
}
