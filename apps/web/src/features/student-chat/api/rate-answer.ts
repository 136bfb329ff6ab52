import { useMutation } from '@tanstack/react-query';
import type { AnswerFeedback, AnswerRating, ApiSuccess } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * PUT /chat/feedback/{conversation_id}: a student's rating of an answer of this
 * class's share link; null takes it back. 404 when the conversation is not the class's, 429 (with
 * the server's reason) when ratings come too fast from one address.
 */
export async function rateAnswer(
  chatUuid: string,
  conversationId: string,
  rating: AnswerRating | null,
): Promise<AnswerFeedback> {
  const body = await api.put<ApiSuccess<AnswerFeedback>>(
    `/chat/feedback/${encodeURIComponent(conversationId)}`,
    { chat_uuid: chatUuid, rating },
  );
  return body.data;
}

/** One mutation for every answer of the chat: each rating awaits its own `mutateAsync`. */
export function useRateAnswer(chatUuid: string) {
  return useMutation({
    mutationFn: ({
      conversationId,
      rating,
    }: {
      conversationId: string;
      rating: AnswerRating | null;
    }) => rateAnswer(chatUuid, conversationId, rating),
  });
}
