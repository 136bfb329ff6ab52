import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiSuccess,
  ConversationDetail,
  ConversationPage,
  CorrectionReply,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { classKeys } from '@/lib/api/get-classes';
import { invalidateRequests } from './invalidate-requests';
import { conversationKeys } from './query-keys';

/**
 * POST /chat/conversation/{id}/correct: the teacher's correct answer is saved as class material
 * and given to the next student asking the same question; the conversation comes back corrected.
 */
async function correctConversation(
  conversationId: string,
  answer: string,
): Promise<CorrectionReply> {
  const body = await api.post<ApiSuccess<CorrectionReply>>(
    `/chat/conversation/${encodeURIComponent(conversationId)}/correct`,
    { answer },
  );
  return body.data;
}

/** The row and the open detail show Corrected at once; the lists and the class's material refetch. */
export function useCorrectConversation(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, answer }: { conversationId: string; answer: string }) =>
      correctConversation(conversationId, answer),
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData<ConversationDetail>(
        conversationKeys.detail(conversation.id),
        (old) => (old ? { ...old, ...conversation } : old),
      );
      queryClient.setQueriesData<ConversationPage>(
        { queryKey: conversationKeys.lists(classId) },
        (old) =>
          old
            ? {
                ...old,
                data: old.data.map((row) => (row.id === conversation.id ? conversation : row)),
              }
            : old,
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists(classId) });
      // the questions asking the same leave Unanswered; the requests about them are answered
      void invalidateRequests(queryClient);
      // the new item shows in Review Course and the class's content count
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
    },
  });
}
