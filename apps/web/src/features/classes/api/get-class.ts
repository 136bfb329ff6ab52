import type { ApiSuccess, ClassItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /classes/{id} (SPEC §7); cached under `classKeys.detail(id)`. */
export async function getClass(id: string): Promise<ClassItem> {
  const body = await api.get<ApiSuccess<ClassItem>>(`/classes/${id}`);
  return body.data;
}
