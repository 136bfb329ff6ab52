import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiSuccess,
  TeacherAnswerInput,
  TeacherAnswerReply,
  UnansweredList,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { invalidateRequests } from './invalidate-requests';
import { conversationKeys } from './query-keys';
import { classKeys } from '@/lib/api/get-classes';

/** Saves the teacher's answer as class material; the listed conversations leave the list. */
async function answerUnanswered(
  classId: string,
  input: TeacherAnswerInput,
): Promise<TeacherAnswerReply> {
  const body = await api.post<ApiSuccess<TeacherAnswerReply>>(
    `/chat/unanswered/${encodeURIComponent(classId)}/answer`,
    input,
  );
  return body.data;
}

export function useAnswerUnanswered(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeacherAnswerInput) => answerUnanswered(classId, input),
    onSuccess: (_reply, input) => {
      const answered = new Set(input.conversation_ids);
      // the group leaves at once; the refetch below confirms what else changed
      queryClient.setQueryData<UnansweredList>(conversationKeys.unanswered(classId), (old) =>
        old
          ? {
              groups: old.groups.filter((g) => !g.conversation_ids.some((id) => answered.has(id))),
              total: Math.max(0, old.total - answered.size),
            }
          : old,
      );
      // the Unanswered list, and the contact requests about the question, now answered
      void invalidateRequests(queryClient);
      // the new item shows in Review Course and the class's content count
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
    },
  });
}
