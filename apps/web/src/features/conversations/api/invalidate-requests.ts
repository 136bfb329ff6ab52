import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from './query-keys';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

/**
 * After a request or a question changes (a reply answers the open questions asking the same; an
 * answer or a correction answers the requests about it): the request lists, the Unanswered lists
 * and the header bell refetch.
 */
export function invalidateRequests(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.requests }),
    queryClient.invalidateQueries({ queryKey: conversationKeys.allUnanswered }),
    queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY }),
  ]);
}
