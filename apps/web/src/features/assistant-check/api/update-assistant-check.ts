import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiSuccess,
  AssistantCheck,
  AssistantCheckItem,
  AssistantCheckUpdate,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { classKeys } from '@/lib/api/get-classes';
import { assistantCheckKeys, assistantCheckPath, withItem } from './get-assistant-check';

/** Confirms a reply, writes the teacher's answer, marks a question not covered, or undoes that. */
export async function updateAssistantCheck(
  classId: string,
  itemId: string,
  update: AssistantCheckUpdate,
): Promise<AssistantCheckItem> {
  const body = await api.put<ApiSuccess<AssistantCheckItem>>(
    `${assistantCheckPath(classId)}/${encodeURIComponent(itemId)}`,
    update,
  );
  return body.data;
}

/** The row takes the server's item at once; the class cards' counts are fetched again. */
export function useUpdateAssistantCheck(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, update }: { itemId: string; update: AssistantCheckUpdate }) =>
      updateAssistantCheck(classId, itemId, update),
    onSuccess: (item) => {
      queryClient.setQueryData<AssistantCheck>(assistantCheckKeys.list(classId), (list) =>
        list ? withItem(list, item) : list,
      );
      void queryClient.invalidateQueries({ queryKey: classKeys.list });
    },
  });
}
