import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, EmailReplyInput, EmailRequest } from '@app/contracts';
import { api } from '@/lib/api-client';
import { invalidateRequests } from './invalidate-requests';

/**
 * E-mails the teacher's reply to the student, stores it and marks the request responded.
 * A 502 means the e-mail could not be sent and nothing changed.
 */
async function replyToRequest(requestId: string, input: EmailReplyInput): Promise<EmailRequest> {
  const body = await api.post<ApiSuccess<EmailRequest>>(
    `/chat/email-requests/${encodeURIComponent(requestId)}/reply`,
    input,
  );
  return body.data;
}

export function useReplyToRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, message }: { requestId: string; message: string }) =>
      replyToRequest(requestId, { message }),
    onSuccess: () => invalidateRequests(queryClient),
  });
}
