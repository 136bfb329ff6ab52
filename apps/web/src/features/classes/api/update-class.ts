import type { ApiSuccess, ClassItem } from '@app/contracts';
import { api } from '@/lib/api-client';
import type { ClassPayload } from './create-class';

/** PUT /classes/{id}: class info, or `is_active` alone (SPEC §7); `is_draft: false` makes a draft a class. */
export async function updateClass(
  id: string,
  payload: Partial<ClassPayload> & { is_active?: boolean; is_draft?: false },
): Promise<ClassItem> {
  const body = await api.put<ApiSuccess<ClassItem>>(`/classes/${id}`, payload);
  return body.data;
}
