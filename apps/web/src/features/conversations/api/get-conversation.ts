import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, ConversationDetail } from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** One conversation in full: the whole answer and the passages it cited. */
async function getConversation(conversationId: string): Promise<ConversationDetail> {
  const body = await api.get<ApiSuccess<ConversationDetail>>(
    `/chat/conversation/${encodeURIComponent(conversationId)}`,
  );
  return body.data;
}

const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(conversationId),
    queryFn: () => getConversation(conversationId),
    staleTime: 5 * 60_000,
  });

export const useConversation = (conversationId: string | null) =>
  useQuery({ ...conversationQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
