import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from './query-keys';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

/** After a request changes: the class lists and the header bell both refetch. */
export function invalidateRequests(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.requests }),
    queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY }),
  ]);
}
