import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, EmailRequestList } from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** The most requests one class shows (the server's default and ours). */
const REQUESTS_LIMIT = 200;

/** A class's student contact requests, pending first, with the unanswered count. */
async function getEmailRequests(classId: string): Promise<EmailRequestList> {
  const body = await api.get<ApiSuccess<EmailRequestList>>('/chat/email-requests', {
    query: { class_id: classId, status: 'all', limit: REQUESTS_LIMIT },
  });
  return body.data;
}

const emailRequestsQueryOptions = (classId: string) =>
  queryOptions({
    queryKey: conversationKeys.classRequests(classId),
    queryFn: () => getEmailRequests(classId),
  });

export const useEmailRequests = (classId: string) => useQuery(emailRequestsQueryOptions(classId));
