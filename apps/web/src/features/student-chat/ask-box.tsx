import { useState } from 'react';
import { QUESTION_MAX_LENGTH } from '@app/contracts';
import { AskForm } from '@/components/chat/ask-form';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

const COUNTER_WARNING_AT = QUESTION_MAX_LENGTH - 100;

/**
 * The student's question box (SPEC §5): blank text is not sent, nothing is sent while `blocked`,
 * and a count of the characters used sits under it.
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
  const count = value.length;
  return (
    <AskForm
      id="ask-question"
      label="Your question"
      placeholder={disabled ? 'This class chat is unavailable' : 'Ask a question about this class…'}
      value={value}
      onChange={setValue}
      canSend={value.trim().length > 0 && !blocked && !disabled}
      onSend={() => {
        onAsk(value.trim());
        setValue('');
      }}
      disabled={disabled}
      describedBy="ask-question-hint ask-question-count"
      sendLabel="Send question"
    >
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
            {formatCount(count)}/{formatCount(QUESTION_MAX_LENGTH)}
          </span>
        </p>
      </div>
    </AskForm>
  );
}
