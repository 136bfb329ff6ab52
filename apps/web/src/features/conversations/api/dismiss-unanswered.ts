import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiSuccess,
  UnansweredDismissReply,
  UnansweredList,
  UnansweredGroup,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/**
 * POST /chat/unanswered/{class_id}/dismiss: a question not about the course leaves the list
 * without an answer; …/restore puts it back (the toast's Undo).
 */
async function changeDismissal(
  classId: string,
  action: 'dismiss' | 'restore',
  conversationIds: string[],
): Promise<UnansweredDismissReply> {
  const body = await api.post<ApiSuccess<UnansweredDismissReply>>(
    `/chat/unanswered/${encodeURIComponent(classId)}/${action}`,
    { conversation_ids: conversationIds },
  );
  return body.data;
}

/** Dismisses a group: it leaves the list at once; the refetch confirms the count. */
export function useDismissUnanswered(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: UnansweredGroup) =>
      changeDismissal(classId, 'dismiss', group.conversation_ids),
    onSuccess: (reply, group) => {
      queryClient.setQueryData<UnansweredList>(conversationKeys.unanswered(classId), (old) =>
        old
          ? {
              groups: old.groups.filter((g) => g !== group),
              total: Math.max(0, old.total - reply.changed),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unanswered(classId) });
    },
  });
}

/** Undoes a dismissal: the group is back once the list is read again. */
export function useRestoreUnanswered(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: UnansweredGroup) =>
      changeDismissal(classId, 'restore', group.conversation_ids),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: conversationKeys.unanswered(classId) }),
  });
}
