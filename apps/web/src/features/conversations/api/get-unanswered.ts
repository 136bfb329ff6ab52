import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, UnansweredList } from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** Open questions the material did not cover, grouped by meaning, largest group first. */
async function getUnanswered(classId: string): Promise<UnansweredList> {
  const body = await api.get<ApiSuccess<UnansweredList>>(
    `/chat/unanswered/${encodeURIComponent(classId)}`,
  );
  return body.data;
}

const unansweredQueryOptions = (classId: string) =>
  queryOptions({
    queryKey: conversationKeys.unanswered(classId),
    queryFn: () => getUnanswered(classId),
  });

export const useUnanswered = (classId: string) => useQuery(unansweredQueryOptions(classId));
