import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, ClassDates } from '@app/contracts';
import { api } from '@/lib/api-client';
import { classKeys } from '@/lib/api/get-classes';

export const classDatesKeys = {
  list: (classId: string) => [...classKeys.all, 'dates', classId] as const,
};

export const classDatesPath = (classId: string) => `/classes/${encodeURIComponent(classId)}/dates`;

/** The class's dated items in date order, its "today", term and time zone (issue 30). */
export async function getClassDates(classId: string): Promise<ClassDates> {
  const body = await api.get<ApiSuccess<ClassDates>>(classDatesPath(classId));
  return body.data;
}

export function useClassDates(classId: string) {
  return useQuery({
    queryKey: classDatesKeys.list(classId),
    queryFn: () => getClassDates(classId),
    staleTime: 0,
  });
}
