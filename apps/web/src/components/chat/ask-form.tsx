import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { SendHorizontal } from 'lucide-react';
import { QUESTION_MAX_LENGTH } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

const MAX_HEIGHT = 120;

interface AskFormProps {
  /** The textarea's id; `label` is its (visually hidden) label. */
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** The caller's rule for sending (blank text, a question in flight…). */
  canSend: boolean;
  onSend(): void;
  /** Nothing can be typed or sent. */
  disabled?: boolean;
  autoFocus?: boolean;
  /** Ids of texts under the box that describe it. */
  describedBy?: string;
  /** The send button's accessible name. */
  sendLabel: string;
  /** The name shows beside the icon from the small breakpoint up; otherwise the icon stands alone. */
  showSendLabel?: boolean;
  /** Shown under the box. */
  children?: ReactNode;
}

/**
 * A question box (SPEC §5): Enter sends, Shift+Enter adds a line, and nothing is sent unless
 * `canSend`. Grows with its text up to 120 px, then scrolls.
 */
export function AskForm({
  id,
  label,
  placeholder,
  value,
  onChange,
  canSend,
  onSend,
  disabled,
  autoFocus,
  describedBy,
  sendLabel,
  showSendLabel = false,
  children,
}: AskFormProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const atFirstRender = useRef({ value, onChange });

  // A box that came as HTML (the student chat's, decision 011) takes typing before the page's
  // code runs: what was typed by the time the code takes the box over is the value.
  useEffect(() => {
    const typed = ref.current?.value ?? '';
    if (typed !== atFirstRender.current.value) atFirstRender.current.onChange(typed);
  }, []);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    const height = Math.min(box.scrollHeight, MAX_HEIGHT);
    if (height > 0) box.style.height = `${height}px`;
    box.style.overflowY = box.scrollHeight > MAX_HEIGHT ? 'auto' : 'hidden';
  }, [value]);

  useLayoutEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  function send() {
    if (canSend) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      aria-label="Ask a question"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          ref={ref}
          rows={1}
          value={value}
          maxLength={QUESTION_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-describedby={describedBy}
          enterKeyHint="send"
          className={cn(
            inputClasses,
            'min-h-11 resize-none rounded-xl py-2.5 text-base leading-6 sm:text-sm',
          )}
          style={{ maxHeight: MAX_HEIGHT }}
        />
        {showSendLabel ? (
          <Button type="submit" disabled={!canSend} className="h-11 rounded-xl px-3 sm:px-4">
            <SendHorizontal aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{sendLabel}</span>
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            aria-label={sendLabel}
            disabled={!canSend}
            className="size-11 rounded-xl"
          >
            <SendHorizontal aria-hidden="true" className="!size-5" />
          </Button>
        )}
      </div>
      {children}
    </form>
  );
}
