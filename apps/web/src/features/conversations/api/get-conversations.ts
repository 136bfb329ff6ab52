import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CONVERSATIONS_PAGE_SIZE,
  type ConversationFilter,
  type ConversationPage,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

interface ConversationsRequest {
  classId: string;
  page: number;
  search: string;
  /** 'all', or only the answers marked not helpful / not covered by the material */
  filter: ConversationFilter;
}

/** One page of a class's conversations, newest first; the server filters, searches and pages. */
function getConversations({ classId, page, search, filter }: ConversationsRequest) {
  return api.get<ConversationPage>(`/chat/conversations/${encodeURIComponent(classId)}`, {
    query: {
      page,
      per_page: CONVERSATIONS_PAGE_SIZE,
      search: search || undefined,
      filter: filter === 'all' ? undefined : filter,
    },
  });
}

const conversationsQueryOptions = (request: ConversationsRequest) =>
  queryOptions({
    queryKey: conversationKeys.list(request.classId, request.page, request.search, request.filter),
    queryFn: () => getConversations(request),
    // the current page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });

export const useConversations = (request: ConversationsRequest) =>
  useQuery(conversationsQueryOptions(request));
