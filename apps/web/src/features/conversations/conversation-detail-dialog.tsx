import { useState } from 'react';
import { PencilLine } from 'lucide-react';
import type { Citation, ConversationSummary } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ReplyText } from '@/components/chat/reply-text';
import { groupCitations } from '@/lib/citations';
import { useConversation } from './api/get-conversation';
import { ANONYMOUS } from './conversation-row';
import { CorrectionDialog } from './correction-dialog';
import { formatDateTime } from './format';
import { KindBadge } from './kind-badge';
import { LoadError, useLogFailure } from './load-error';
import { ReviewBadges } from './review-badges';
import { SourceBadge } from './source-badge';
import { contentTypeLabel } from '@/lib/content-types';

/**
 * The detail modal: question, AI response (what kind the student was given, an excerpt quoted as
 * the student saw it) with the student's rating and Correct answer, source
 * with the cited passages, time and tokens; on /chats also the response time. The row's summary
 * shows at once while the full answer loads.
 */
export function ConversationDetailDialog({
  classId,
  conversation,
  onClose,
  showResponseTime,
}: {
  classId: string;
  conversation: ConversationSummary | null;
  onClose(): void;
  showResponseTime: boolean;
}) {
  return (
    <Dialog open={conversation !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="lg">
        {conversation ? (
          <DetailBody
            classId={classId}
            conversation={conversation}
            showResponseTime={showResponseTime}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({
  classId,
  conversation: summary,
  showResponseTime,
}: {
  classId: string;
  conversation: ConversationSummary;
  showResponseTime: boolean;
}) {
  const detail = useConversation(summary.id);
  useLogFailure(detail.error, 'Conversation');
  // the full conversation, once loaded, is the newer word (a correction updates it)
  const conversation = detail.data ?? summary;
  const [correcting, setCorrecting] = useState(false);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Conversation</DialogTitle>
        <DialogDescription>
          Asked by {conversation.student_identifier || ANONYMOUS}
        </DialogDescription>
      </DialogHeader>

      <div className="space-y-5">
        <Section title="Question">
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-900">
            {conversation.question}
          </p>
        </Section>

        <Section
          title="AI response"
          badges={
            <>
              <KindBadge kind={conversation.kind} />
              <ReviewBadges conversation={conversation} />
            </>
          }
          action={
            <Button variant="outline" size="sm" onClick={() => setCorrecting(true)}>
              <PencilLine aria-hidden="true" />
              Correct answer
            </Button>
          }
        >
          {detail.isPending ? (
            <div aria-busy="true" className="space-y-2">
              <span role="status" className="sr-only">
                Loading the full answer
              </span>
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-11/12" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ) : detail.isError ? (
            <LoadError
              title="Couldn't load the full answer"
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
              className="py-6"
            />
          ) : (
            <div className="rounded-lg bg-ink-50 p-4 text-sm leading-relaxed text-ink-900">
              <ReplyText kind={detail.data.kind} text={detail.data.response} linkify={false} />
            </div>
          )}
        </Section>

        <Section title="Source">
          <SourceBadge source={conversation.source_type} />
          {detail.data?.citations.length ? <CitedItems citations={detail.data.citations} /> : null}
        </Section>

        <dl className="grid grid-cols-2 gap-3 border-t border-ink-100 pt-4 text-sm sm:grid-cols-3">
          <Fact label="Time" value={formatDateTime(conversation.created_at)} />
          <Fact label="Tokens" value={conversation.tokens_used.toLocaleString()} />
          {showResponseTime ? (
            <Fact
              label="Response time"
              value={`${conversation.response_time_ms.toLocaleString()} ms`}
            />
          ) : null}
        </dl>
      </div>

      <CorrectionDialog
        classId={classId}
        conversation={correcting ? conversation : null}
        onClose={() => setCorrecting(false)}
      />
    </>
  );
}

function Section({
  title,
  badges,
  action,
  children,
}: {
  title: string;
  badges?: React.ReactNode;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{title}</h3>
        {badges}
        {action ? <div className="ml-auto">{action}</div> : null}
      </div>
      {children}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-ink-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-ink-900">{value}</dd>
    </div>
  );
}

function CitedItems({ citations }: { citations: Citation[] }) {
  return (
    <ul className="mt-1 space-y-3">
      {groupCitations(citations).map((item) => (
        <li key={item.key} className="rounded-lg border border-ink-200 p-3">
          <p className="text-sm font-semibold break-words text-ink-900">
            {item.title}{' '}
            <span className="font-normal text-ink-600">· {contentTypeLabel(item.contentType)}</span>
          </p>
          {item.excerpts.map((excerpt) => (
            <blockquote
              key={excerpt}
              className="mt-2 border-l-2 border-brand-200 pl-3 text-sm leading-relaxed break-words text-ink-700"
            >
              {excerpt}
            </blockquote>
          ))}
        </li>
      ))}
    </ul>
  );
}
