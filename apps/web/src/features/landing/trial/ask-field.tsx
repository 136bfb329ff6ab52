import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { QUESTION_MAX_LENGTH } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';

const MAX_HEIGHT = 120;

/**
 * The trial question box (SPEC §5 Trial chat): Enter sends, Shift+Enter adds a line, blank text
 * and sending while `busy` are ignored. Grows with its text up to 120 px, then scrolls.
 */
export function AskField({
  value,
  onChange,
  busy,
  onSend,
  autoFocus,
}: {
  value: string;
  onChange(value: string): void;
  busy: boolean;
  onSend(): void;
  autoFocus?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const canSend = value.trim().length > 0 && !busy;

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
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor="trial-question" className="sr-only">
        Ask about your document
      </label>
      <textarea
        id="trial-question"
        ref={ref}
        rows={1}
        value={value}
        maxLength={QUESTION_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Ask about your document…"
        enterKeyHint="send"
        className={cn(
          inputClasses,
          'min-h-11 resize-none rounded-xl py-2.5 text-base leading-6 sm:text-sm',
        )}
        style={{ maxHeight: MAX_HEIGHT }}
      />
      <Button type="submit" disabled={!canSend} className="h-11 rounded-xl px-3 sm:px-4">
        <SendHorizontal aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Send</span>
      </Button>
    </form>
  );
}
