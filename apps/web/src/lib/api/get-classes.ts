import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, BillingUsage, ClassItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** The teacher's class list is read by several features (classes, analytics, conversations). */
export interface ClassList {
  classes: ClassItem[];
  billing_summary: BillingUsage;
}

export const classKeys = {
  all: ['classes'] as const,
  list: ['classes', 'list'] as const,
  detail: (classId: string) => ['classes', 'detail', classId] as const,
  content: (classId: string) => ['classes', 'content', classId] as const,
};

/** GET /classes: every class with the billing summary (SPEC §7). */
export async function getClasses(activeOnly = false): Promise<ClassList> {
  const body = await api.get<ApiSuccess<ClassList>>('/classes', {
    query: { active_only: activeOnly },
  });
  return body.data;
}

export const useClassList = () =>
  useQuery({ queryKey: classKeys.list, queryFn: () => getClasses(false) });
