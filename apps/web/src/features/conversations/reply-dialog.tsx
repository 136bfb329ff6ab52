import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { REPLY_MAX_LENGTH, REPLY_MESSAGES, type EmailRequest } from '@app/contracts';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { errorText } from '@/lib/api-client';
import { useReplyToRequest } from './api/reply-to-request';

const REPLY_FAILED = 'Your reply could not be sent. Please try again.';

/** Writes a reply that the server e-mails to the student; it also marks the request responded. */
export function ReplyDialog({
  request,
  onClose,
}: {
  request: EmailRequest | null;
  onClose(): void;
}) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent size="md">
        {request ? <ReplyForm request={request} onSent={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReplyForm({ request, onSent }: { request: EmailRequest; onSent(): void }) {
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const reply = useReplyToRequest();
  const length = message.trim().length;
  const problem =
    length === 0 ? REPLY_MESSAGES.blank : length > REPLY_MAX_LENGTH ? REPLY_MESSAGES.tooLong : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || reply.isPending) return;
    reply.mutate(
      { requestId: request.id, message: message.trim() },
      {
        onSuccess: () => {
          toast.success(`Reply sent to ${request.student_email}`);
          onSent();
        },
      },
    );
  }

  return (
    <DialogForm
      title="Reply to the student"
      description={
        <>
          Your reply is e-mailed to{' '}
          <span className="font-medium break-all text-ink-900">{request.student_email}</span> and
          the request is marked responded.
        </>
      }
      onSubmit={submit}
      error={reply.isError ? errorText(reply.error, REPLY_FAILED) : null}
      submitLabel="Send Reply"
      submitIcon={Send}
      pending={reply.isPending}
      submitDisabled={length === 0}
    >
      <div className="rounded-lg bg-ink-50 p-3 text-sm ring-1 ring-ink-200 ring-inset">
        <p className="text-xs font-semibold text-ink-600">They asked</p>
        <p className="mt-0.5 break-words text-ink-900">{request.conversation_question}</p>
        <p className="mt-2 text-xs font-semibold text-ink-600">Their note</p>
        <p className="mt-0.5 break-words whitespace-pre-wrap text-ink-800">
          {request.request_reason}
        </p>
      </div>
      <CountedTextarea
        label="Your reply"
        count={length}
        limit={REPLY_MAX_LENGTH}
        error={touched && problem ? problem : undefined}
        rows={7}
        value={message}
        maxLength={REPLY_MAX_LENGTH}
        onChange={(e) => setMessage(e.target.value)}
        disabled={reply.isPending}
      />
    </DialogForm>
  );
}
