import { useState } from 'react';
import {
  BookX,
  ChevronLeft,
  ChevronRight,
  MessagesSquare,
  Search,
  SearchX,
  ThumbsDown,
} from 'lucide-react';
import {
  CONVERSATION_SEARCH_MAX_LENGTH,
  type ConversationFilter,
  type ConversationPage,
  type ConversationSummary,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useConversations } from './api/get-conversations';
import { ConversationDetailDialog } from './conversation-detail-dialog';
import { ConversationFilterControl } from './conversation-filter';
import { ConversationRow } from './conversation-row';
import { plural } from './format';
import { LoadError, useLogFailure } from './load-error';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/** What the empty list says for each filter, and how the count above the list reads. */
const FILTERED: Record<
  Exclude<ConversationFilter, 'all'>,
  {
    icon: typeof MessagesSquare;
    empty: string;
    description: string;
    among: string;
    counted: string;
  }
> = {
  not_helpful: {
    icon: ThumbsDown,
    empty: 'No answers marked not helpful',
    description:
      'When a student marks an answer not helpful, it appears here so you can correct it.',
    among: 'answers marked not helpful',
    counted: 'marked not helpful',
  },
  not_covered: {
    icon: BookX,
    empty: 'No questions outside the material',
    description:
      'Questions your course material did not cover appear here, so you can give the answer.',
    among: 'answers not covered by the material',
    counted: 'not covered by the material',
  },
};

/** "45 conversations", "3 answers marked not helpful", "2 matches for “exam”" (+ the filter). */
function countText(result: ConversationPage, search: string, filter: ConversationFilter): string {
  const atLeast = result.total_is_lower_bound;
  const among = filter === 'all' ? '' : ` among ${FILTERED[filter].among}`;
  if (search) return `${plural(result.total, 'match', 'matches', atLeast)} for “${search}”${among}`;
  if (filter === 'all') return plural(result.total, 'conversation');
  return `${plural(result.total, 'answer', 'answers', atLeast)} ${FILTERED[filter].counted}`;
}

/**
 * A class's conversations, 20 a page, filtered, searched and paged by the server. The filter is
 * the page's (kept in the URL); a new search or filter starts at page 1. Mount it with
 * `key={classId}` so another class starts again at page 1 with an empty search.
 */
export function ConversationList({
  classId,
  showResponseTime,
  filter,
  onFilterChange,
}: {
  classId: string;
  showResponseTime: boolean;
  filter: ConversationFilter;
  onFilterChange(filter: ConversationFilter): void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  // the page belongs to one search and filter: a new one starts at page 1
  const [paging, setPaging] = useState({ search, filter, page: 1 });
  const page = paging.search === search && paging.filter === filter ? paging.page : 1;
  const goTo = (next: number) => setPaging({ search, filter, page: next });
  const [open, setOpen] = useState<ConversationSummary | null>(null);

  const query = useConversations({ classId, page, search, filter });
  useLogFailure(query.error, 'Conversations');
  const result = query.data;
  const totalPages = Math.max(1, result?.total_pages ?? 1);
  // a search with more matches than the server counted: "1,000+", and a next page follows
  const atLeast = result?.total_is_lower_bound === true;
  const lastPage = page >= totalPages && !atLeast;
  const clearSearch = () => setInput('');
  const showAll =
    filter === 'all' ? null : (
      <Button variant="outline" size="sm" onClick={() => onFilterChange('all')}>
        Show all conversations
      </Button>
    );

  return (
    <section
      aria-labelledby="conversations-title"
      className="overflow-hidden rounded-xl border border-ink-200 bg-white shadow-card"
    >
      <div className="flex flex-col gap-3 border-b border-ink-100 p-4 sm:p-5 2xl:flex-row 2xl:items-center">
        <div className="min-w-0 flex-1">
          <h3 id="conversations-title" className="text-base font-semibold text-ink-900">
            Conversations
          </h3>
          <p className="text-sm break-words text-ink-600" aria-live="polite">
            {result ? countText(result, search, filter) : ' '}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <ConversationFilterControl value={filter} onChange={onFilterChange} />
          <div className="relative min-w-0 sm:flex-1 2xl:w-72 2xl:flex-none">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search conversations"
              placeholder="Search questions and answers"
              value={input}
              maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
              onChange={(e) => setInput(e.target.value)}
              className="pl-9"
            />
          </div>
        </div>
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && !result ? (
        <LoadError
          title="Couldn't load conversations"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="rounded-none border-0"
        />
      ) : result && result.data.length === 0 ? (
        search ? (
          <EmptyList
            icon={SearchX}
            title={`No conversations match “${search}”`}
            description={
              filter === 'all'
                ? 'Try other words, or clear the search to see every conversation.'
                : `Nothing among the ${FILTERED[filter].among}. Try other words, clear the search or show all conversations.`
            }
            action={
              <>
                <Button variant="outline" size="sm" onClick={clearSearch}>
                  Clear search
                </Button>
                {showAll}
              </>
            }
          />
        ) : result.total === 0 && filter !== 'all' ? (
          <EmptyList
            icon={FILTERED[filter].icon}
            title={FILTERED[filter].empty}
            description={FILTERED[filter].description}
            action={showAll}
          />
        ) : result.total === 0 ? (
          <EmptyList
            icon={MessagesSquare}
            title="No conversations yet"
            description="Share the student chat link above with your class. Every question your students ask appears here."
          />
        ) : (
          <EmptyList
            icon={MessagesSquare}
            title="This page is empty"
            description="The conversations moved to earlier pages."
            action={
              <Button variant="outline" size="sm" onClick={() => goTo(1)}>
                Back to page 1
              </Button>
            }
          />
        )
      ) : result ? (
        <ul
          aria-label="Conversations"
          aria-busy={query.isPlaceholderData || undefined}
          className={cn(
            'divide-y divide-ink-100 transition-opacity',
            query.isPlaceholderData && 'opacity-60',
          )}
        >
          {result.data.map((conversation) => (
            <ConversationRow key={conversation.id} conversation={conversation} onOpen={setOpen} />
          ))}
        </ul>
      ) : null}

      {result && result.total > 0 ? (
        <nav
          aria-label="Conversation pages"
          className="flex items-center justify-between gap-3 border-t border-ink-100 px-4 py-3 sm:px-5"
        >
          <Button
            variant="outline"
            size="sm"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1 || query.isPlaceholderData}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <p className="text-sm text-ink-700" aria-live="polite">
            Page {page} of {totalPages.toLocaleString()}
            {atLeast ? '+' : ''}
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => goTo(page + 1)}
            disabled={lastPage || query.isPlaceholderData}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <ConversationDetailDialog
        classId={classId}
        conversation={open}
        onClose={() => setOpen(null)}
        showResponseTime={showResponseTime}
      />
    </section>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="divide-y divide-ink-100">
      <span role="status" className="sr-only">
        Loading conversations
      </span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-2 px-4 py-4 sm:px-5">
          <Skeleton className="h-3 w-40" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

function EmptyList({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: typeof MessagesSquare;
  title: string;
  description: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h4 className="text-base font-semibold break-words text-ink-900">{title}</h4>
      <p className="mt-1 max-w-md text-sm text-ink-600">{description}</p>
      {action ? <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
