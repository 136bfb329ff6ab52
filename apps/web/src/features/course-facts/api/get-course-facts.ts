import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, CourseFact } from '@app/contracts';
import { api } from '@/lib/api-client';
import { classKeys } from '@/lib/api/get-classes';

export const courseFactKeys = {
  list: (classId: string) => [...classKeys.all, 'facts', classId] as const,
};

export const courseFactsPath = (classId: string) => `/classes/${encodeURIComponent(classId)}/facts`;

/** The class's course facts, corrections and hidden facts marked. */
export async function getCourseFacts(classId: string): Promise<CourseFact[]> {
  const body = await api.get<ApiSuccess<{ facts: CourseFact[] }>>(courseFactsPath(classId));
  return body.data.facts;
}

export function useCourseFacts(classId: string) {
  return useQuery({
    queryKey: courseFactKeys.list(classId),
    queryFn: () => getCourseFacts(classId),
    staleTime: 0,
  });
}
