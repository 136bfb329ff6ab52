import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, EmailRequestList } from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** Pending contact requests per class id, across all the teacher's classes. */
async function getPendingByClass(): Promise<Map<string, number>> {
  const body = await api.get<ApiSuccess<EmailRequestList>>('/chat/email-requests', {
    query: { status: 'pending', limit: 500 },
  });
  const counts = new Map<string, number>();
  for (const request of body.data.requests) {
    counts.set(request.class_id, (counts.get(request.class_id) ?? 0) + 1);
  }
  return counts;
}

export const usePendingByClass = () =>
  useQuery(
    queryOptions({
      queryKey: [...conversationKeys.requests, 'pending-by-class'],
      queryFn: getPendingByClass,
    }),
  );
