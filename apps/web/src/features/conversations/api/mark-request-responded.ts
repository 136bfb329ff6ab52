import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, EmailRequest } from '@app/contracts';
import { api } from '@/lib/api-client';
import { invalidateRequests } from './invalidate-requests';

/** Mark Responded (SPEC §4): sets teacher_responded_at; the server ignores a repeat. */
async function markRequestResponded(requestId: string): Promise<EmailRequest> {
  const body = await api.post<ApiSuccess<EmailRequest>>(
    `/chat/email-requests/${encodeURIComponent(requestId)}/respond`,
  );
  return body.data;
}

/** Waits for the server, then refreshes the list and the bell (no optimistic update). */
export function useMarkRequestResponded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRequestResponded,
    onSuccess: () => invalidateRequests(queryClient),
  });
}
