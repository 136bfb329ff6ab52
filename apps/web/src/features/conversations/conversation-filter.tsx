import { useId } from 'react';
import { CONVERSATION_FILTERS, type ConversationFilter } from '@app/contracts';
import { cn } from '@/lib/utils';

/** The query-string key of the list's filter, the same on /chats and /chat-history (and the API). */
export const FILTER_PARAM = 'filter';

export const FILTER_LABELS: Record<ConversationFilter, string> = {
  all: 'All',
  not_helpful: 'Not helpful',
  not_covered: 'Not covered',
};

/** `?filter=`: one of the API's filters; anything else is 'all'. */
export function parseFilter(value: string | null): ConversationFilter {
  return (CONVERSATION_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ConversationFilter)
    : 'all';
}

/** The URL change for a filter: 'all' is the default and leaves the query string. */
export function filterParam(filter: ConversationFilter): Record<string, string | null> {
  return { [FILTER_PARAM]: filter === 'all' ? null : filter };
}

/**
 * All / Not helpful / Not covered as a segmented radio group: native radios, so Tab reaches the
 * chosen one and the arrow keys move between them.
 */
export function ConversationFilterControl({
  value,
  onChange,
  className,
}: {
  value: ConversationFilter;
  onChange(filter: ConversationFilter): void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">Show</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg border border-ink-200 bg-ink-100/70 p-1 sm:inline-grid sm:grid-cols-[auto_auto_auto]">
        {CONVERSATION_FILTERS.map((filter) => (
          <label
            key={filter}
            className={cn(
              'flex min-h-8 cursor-pointer items-center justify-center rounded-md px-1.5 text-center text-xs font-semibold whitespace-nowrap transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 sm:px-3 sm:text-sm',
              filter === value
                ? 'bg-white text-ink-900 shadow-sm'
                : 'text-ink-600 hover:text-ink-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={filter}
              checked={filter === value}
              onChange={() => onChange(filter)}
              className="sr-only"
            />
            {FILTER_LABELS[filter]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
