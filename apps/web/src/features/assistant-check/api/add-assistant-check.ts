import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, AssistantCheck, AssistantCheckItem } from '@app/contracts';
import { api } from '@/lib/api-client';
import { assistantCheckKeys, assistantCheckPath, withItem } from './get-assistant-check';

/** A question of the teacher's own, with the reply a student gets now (201). */
export async function addAssistantCheck(
  classId: string,
  question: string,
): Promise<AssistantCheckItem> {
  const body = await api.post<ApiSuccess<AssistantCheckItem>>(assistantCheckPath(classId), {
    question,
  });
  return body.data;
}

export function useAddAssistantCheck(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: string) => addAssistantCheck(classId, question),
    onSuccess: (item) =>
      queryClient.setQueryData<AssistantCheck>(assistantCheckKeys.list(classId), (list) =>
        list ? withItem(list, item) : list,
      ),
  });
}
