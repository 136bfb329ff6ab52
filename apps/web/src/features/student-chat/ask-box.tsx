import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { QUESTION_MAX_LENGTH } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export const ASK_BOX_MAX_HEIGHT = 120;
const COUNTER_WARNING_AT = QUESTION_MAX_LENGTH - 100;

/**
 * The question box (SPEC §5): Enter sends, Shift+Enter adds a line, blank text is not sent,
 * nothing is sent while `blocked`. Grows with its text up to 120 px, then scrolls.
 */
export function AskBox({
  blocked,
  disabled,
  onAsk,
  footer,
}: {
  /** A question is in flight: typing is allowed, sending is not. */
  blocked: boolean;
  /** The class is unavailable: nothing can be typed or sent. */
  disabled: boolean;
  onAsk(question: string): void;
  footer?: React.ReactNode;
}) {
  const [value, setValue] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const canSend = value.trim().length > 0 && !blocked && !disabled;

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    const height = Math.min(box.scrollHeight, ASK_BOX_MAX_HEIGHT);
    if (height > 0) box.style.height = `${height}px`;
    box.style.overflowY = box.scrollHeight > ASK_BOX_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [value]);

  function send() {
    if (!canSend) return;
    onAsk(value.trim());
    setValue('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  const count = value.length;
  return (
    <form
      aria-label="Ask a question"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="ask-question" className="sr-only">
          Your question
        </label>
        <textarea
          id="ask-question"
          ref={ref}
          rows={1}
          value={value}
          maxLength={QUESTION_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={
            disabled ? 'This class chat is unavailable' : 'Ask a question about this class…'
          }
          aria-describedby="ask-question-hint ask-question-count"
          enterKeyHint="send"
          className={cn(
            inputClasses,
            'min-h-11 resize-none rounded-xl py-2.5 text-base leading-6 sm:text-sm',
          )}
          style={{ maxHeight: ASK_BOX_MAX_HEIGHT }}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send question"
          disabled={!canSend}
          className="size-11 rounded-xl"
        >
          <SendHorizontal aria-hidden="true" className="!size-5" />
        </Button>
      </div>
      <div className="mt-1.5 flex min-h-6 items-center justify-between gap-3 text-xs text-ink-600">
        <div className="min-w-0">{footer}</div>
        <p className="flex shrink-0 items-center gap-3">
          <span id="ask-question-hint" className="hidden sm:inline">
            Enter to send, Shift+Enter for a new line
          </span>
          <span
            id="ask-question-count"
            className={cn(
              'tabular-nums',
              count >= COUNTER_WARNING_AT && 'font-semibold text-warning-800',
            )}
          >
            <span className="sr-only">Characters used: </span>
            {count.toLocaleString('en-US')}/{QUESTION_MAX_LENGTH.toLocaleString('en-US')}
          </span>
        </p>
      </div>
    </form>
  );
}
