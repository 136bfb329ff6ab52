import { useState } from 'react';
import { ChevronLeft, ChevronRight, MessagesSquare, Search, SearchX } from 'lucide-react';
import { CONVERSATION_SEARCH_MAX_LENGTH, type ConversationSummary } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useConversations } from './api/get-conversations';
import { ConversationDetailDialog } from './conversation-detail-dialog';
import { ConversationRow } from './conversation-row';
import { plural } from './format';
import { LoadError, useLogFailure } from './load-error';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A class's conversations, 20 a page, searched and paged by the server. Mount it with
 * `key={classId}` so another class starts again at page 1 with an empty search.
 */
export function ConversationList({
  classId,
  showResponseTime,
}: {
  classId: string;
  showResponseTime: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  // the page belongs to one search: a new search starts at page 1
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const goTo = (next: number) => setPaging({ search, page: next });
  const [open, setOpen] = useState<ConversationSummary | null>(null);

  const query = useConversations(classId, page, search);
  useLogFailure(query.error, 'Conversations');
  const result = query.data;
  const totalPages = Math.max(1, result?.total_pages ?? 1);
  // a search with more matches than the server counted: "1,000+", and a next page follows
  const atLeast = result?.total_is_lower_bound === true;
  const lastPage = page >= totalPages && !atLeast;
  const clearSearch = () => setInput('');

  return (
    <section
      aria-labelledby="conversations-title"
      className="overflow-hidden rounded-xl border border-ink-200 bg-white shadow-card"
    >
      <div className="flex flex-col gap-3 border-b border-ink-100 p-4 sm:flex-row sm:items-center sm:p-5">
        <div className="min-w-0 flex-1">
          <h3 id="conversations-title" className="text-base font-semibold text-ink-900">
            Conversations
          </h3>
          <p className="text-sm text-ink-600" aria-live="polite">
            {result
              ? search
                ? `${plural(result.total, 'match', 'matches', atLeast)} for “${search}”`
                : plural(result.total, 'conversation')
              : ' '}
          </p>
        </div>
        <div className="relative sm:w-72">
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
            description="Try other words, or clear the search to see every conversation."
            action={
              <Button variant="outline" size="sm" onClick={clearSearch}>
                Clear search
              </Button>
            }
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
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
