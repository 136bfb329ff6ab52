import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, CourseFact, FactUpdate } from '@app/contracts';
import { api } from '@/lib/api-client';
import { classDatesKeys } from './get-class-dates';
import { courseFactKeys, courseFactsPath } from './get-course-facts';

/**
 * Edits a teacher fact, or corrects an extracted one: the server then stores a teacher fact that
 * overrides it and returns that correction.
 */
export async function updateCourseFact(
  classId: string,
  factId: string,
  patch: FactUpdate,
): Promise<CourseFact> {
  const body = await api.request<ApiSuccess<{ fact: CourseFact }>>(
    `${courseFactsPath(classId)}/${encodeURIComponent(factId)}`,
    { method: 'PATCH', body: patch },
  );
  return body.data.fact;
}

export function useUpdateCourseFact(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ factId, patch }: { factId: string; patch: FactUpdate }) =>
      updateCourseFact(classId, factId, patch),
    onSuccess: () => {
      // the class's dates are read from its facts
      void queryClient.invalidateQueries({ queryKey: classDatesKeys.list(classId) });
      return queryClient.invalidateQueries({ queryKey: courseFactKeys.list(classId) });
    },
  });
}
