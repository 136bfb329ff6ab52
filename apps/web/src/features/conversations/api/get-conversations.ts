import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSATIONS_PAGE_SIZE, type ConversationPage } from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** One page of a class's conversations, newest first; the server searches and pages. */
function getConversations(classId: string, page: number, search: string) {
  return api.get<ConversationPage>(`/chat/conversations/${encodeURIComponent(classId)}`, {
    query: { page, per_page: CONVERSATIONS_PAGE_SIZE, search: search || undefined },
  });
}

const conversationsQueryOptions = (classId: string, page: number, search: string) =>
  queryOptions({
    queryKey: conversationKeys.list(classId, page, search),
    queryFn: () => getConversations(classId, page, search),
    // the current page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });

export const useConversations = (classId: string, page: number, search: string) =>
  useQuery(conversationsQueryOptions(classId, page, search));
