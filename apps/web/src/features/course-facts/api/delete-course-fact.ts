import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classDatesKeys } from './get-class-dates';
import { courseFactKeys, courseFactsPath } from './get-course-facts';

/**
 * Deletes a teacher fact (a correction's extracted fact comes back), or hides an extracted fact
 * from students.
 */
export async function deleteCourseFact(classId: string, factId: string): Promise<void> {
  await api.delete(`${courseFactsPath(classId)}/${encodeURIComponent(factId)}`);
}

export function useDeleteCourseFact(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factId: string) => deleteCourseFact(classId, factId),
    onSuccess: () => {
      // the class's dates are read from its facts
      void queryClient.invalidateQueries({ queryKey: classDatesKeys.list(classId) });
      return queryClient.invalidateQueries({ queryKey: courseFactKeys.list(classId) });
    },
  });
}
