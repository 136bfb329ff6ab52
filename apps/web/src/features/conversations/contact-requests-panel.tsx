import { useState } from 'react';
import { Check, Inbox, Mail, Reply } from 'lucide-react';
import type { EmailRequest } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/api-client';
import { useEmailRequests } from './api/get-email-requests';
import { useMarkRequestResponded } from './api/mark-request-responded';
import { formatDate, formatDateTime, formatRelative } from './format';
import { LoadError, useLogFailure } from './load-error';
import { ReplyDialog } from './reply-dialog';

const MARK_FAILED = 'Could not mark the request as responded. Please try again.';
export const ANSWERED_NOTE =
  'You answered this question for the class. The student was not e-mailed: Reply to tell them.';

/** A class's student contact requests, pending first (SPEC §2, §4). */
export function ContactRequestsPanel({ classId, title }: { classId: string; title: string }) {
  const requests = useEmailRequests(classId);
  useLogFailure(requests.error, 'Contact requests');
  const [replyTo, setReplyTo] = useState<EmailRequest | null>(null);
  const list = requests.data?.requests;

  return (
    <section aria-labelledby="requests-title" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="requests-title" className="text-base font-semibold text-ink-900">
          {title}
        </h3>
        {requests.data ? (
          <p className="text-sm text-ink-600">{requests.data.unanswered} unanswered</p>
        ) : null}
      </div>

      {requests.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span role="status" className="sr-only">
            Loading contact requests
          </span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-36 rounded-xl" />
          ))}
        </div>
      ) : requests.isError ? (
        <LoadError
          title="Couldn't load contact requests"
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : list && list.length > 0 ? (
        <ul className="space-y-3">
          {list.map((request) => (
            <RequestCard key={request.id} request={request} onReply={setReplyTo} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-ink-300 bg-white px-6 py-10 text-center">
          <Inbox className="size-6 text-ink-500" aria-hidden="true" />
          <p className="mt-3 text-sm font-semibold text-ink-900">No contact requests yet</p>
          <p className="mt-1 max-w-md text-sm text-ink-600">
            When a student asks to contact you from the chat, their request appears here.
          </p>
        </div>
      )}

      <ReplyDialog request={replyTo} onClose={() => setReplyTo(null)} />
    </section>
  );
}

function RequestCard({
  request,
  onReply,
}: {
  request: EmailRequest;
  onReply(request: EmailRequest): void;
}) {
  const mark = useMarkRequestResponded();
  const responded = request.teacher_responded_at !== null;
  // answered for the class (in Unanswered, a correction, a reply to a request asking the same)
  const answered = !responded && request.answered;
  const pending = !responded && !answered;
  const titleId = `request-${request.id}`;

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="rounded-xl border border-ink-200 bg-white p-4 shadow-card sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <a
              id={titleId}
              href={`mailto:${request.student_email}`}
              className="inline-flex max-w-full items-center gap-1.5 text-sm font-semibold break-all text-brand-700 hover:underline"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {request.student_email}
            </a>
            <p className="mt-0.5 text-xs text-ink-600">
              <time dateTime={request.created_at} title={formatDateTime(request.created_at)}>
                Sent {formatRelative(request.created_at)}
              </time>
            </p>
          </div>
          {pending ? (
            <Badge variant="warning">Pending</Badge>
          ) : answered ? (
            <Badge variant="success">
              <Check aria-hidden="true" />
              Answered
            </Badge>
          ) : (
            <Badge variant="success">
              <Check aria-hidden="true" />
              Responded {formatDate(request.teacher_responded_at ?? '')}
            </Badge>
          )}
        </div>

        <dl className="mt-3 space-y-2 text-sm">
          <div>
            <dt className="text-xs font-semibold text-ink-600">Question asked</dt>
            <dd className="mt-0.5 break-words text-ink-900">{request.conversation_question}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-ink-600">Reason</dt>
            <dd className="mt-0.5 break-words whitespace-pre-wrap text-ink-800">
              {request.request_reason}
            </dd>
          </div>
          {request.reply ? (
            <div className="rounded-lg bg-brand-50 p-3">
              <dt className="text-xs font-semibold text-brand-800">
                Your reply
                {request.replied_at ? ` · sent ${formatDateTime(request.replied_at)}` : ''}
              </dt>
              <dd className="mt-0.5 break-words whitespace-pre-wrap text-ink-900">
                {request.reply}
              </dd>
            </div>
          ) : null}
        </dl>
        {answered && !request.reply ? (
          <p className="mt-3 rounded-lg bg-success-50 p-3 text-sm text-success-700">
            {ANSWERED_NOTE}
          </p>
        ) : null}

        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={pending ? 'primary' : 'outline'}
            onClick={() => onReply(request)}
          >
            <Reply aria-hidden="true" />
            {request.reply ? 'Reply again' : 'Reply'}
          </Button>
          {pending ? (
            <Button
              size="sm"
              variant="outline"
              loading={mark.isPending}
              onClick={() => mark.mutate(request.id)}
            >
              {mark.isPending ? null : <Check aria-hidden="true" />}
              Mark Responded
            </Button>
          ) : null}
        </div>
        {mark.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-danger-700">
            {errorText(mark.error, MARK_FAILED)}
          </p>
        ) : null}
      </article>
    </li>
  );
}
