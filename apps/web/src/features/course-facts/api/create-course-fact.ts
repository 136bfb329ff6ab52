import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, CourseFact, FactCreate } from '@app/contracts';
import { api } from '@/lib/api-client';
import { classDatesKeys } from './get-class-dates';
import { courseFactKeys, courseFactsPath } from './get-course-facts';

/** A teacher's own fact: class material, used for answers at once. */
export async function createCourseFact(classId: string, input: FactCreate): Promise<CourseFact> {
  const body = await api.post<ApiSuccess<{ fact: CourseFact }>>(courseFactsPath(classId), input);
  return body.data.fact;
}

/** Resolves once the list has been fetched again, so the new row is there when a dialog closes. */
export function useCreateCourseFact(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FactCreate) => createCourseFact(classId, input),
    onSuccess: () => {
      // the class's dates are read from its facts
      void queryClient.invalidateQueries({ queryKey: classDatesKeys.list(classId) });
      return queryClient.invalidateQueries({ queryKey: courseFactKeys.list(classId) });
    },
  });
}
