import type { ConversationSummary } from '@app/contracts';
import { excerptPreview } from '@/components/chat/reply-text';
import { formatDateTime } from './format';
import { KindBadge } from './kind-badge';
import { ReviewBadges } from './review-badges';
import { SourceBadge } from './source-badge';

export const ANONYMOUS = 'Anonymous';

/**
 * One conversation in the list, with what the student was given (an answer, an excerpt, nothing)
 * beside its rating and correction; the whole row opens the detail (where it can be corrected).
 */
export function ConversationRow({
  conversation,
  onOpen,
}: {
  conversation: ConversationSummary;
  onOpen(conversation: ConversationSummary): void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(conversation)}
        className="block w-full px-4 py-3.5 text-left transition-colors hover:bg-ink-50 focus-visible:bg-ink-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-600">
          <span className="font-semibold text-ink-800">
            {conversation.student_identifier || ANONYMOUS}
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={conversation.created_at}>{formatDateTime(conversation.created_at)}</time>
          <span className="flex w-full flex-wrap items-center gap-1 sm:ml-auto sm:w-auto sm:justify-end">
            <ReviewBadges conversation={conversation} />
            <KindBadge kind={conversation.kind} />
            {/* "Not covered" already says where a reply with no source came from */}
            {conversation.source_type !== 'other' ? (
              <SourceBadge source={conversation.source_type} />
            ) : null}
          </span>
        </span>
        <span className="mt-1.5 line-clamp-2 block text-sm font-medium break-words text-ink-900">
          {conversation.question}
        </span>
        <span className="mt-1 line-clamp-2 block text-sm break-words text-ink-600">
          {conversation.kind === 'excerpt'
            ? excerptPreview(conversation.response_preview)
            : conversation.response_preview}
        </span>
      </button>
    </li>
  );
}
