import type { ApiSuccess, ContentItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /content/class/{class_id}: the class's material; cached under `classKeys.content(id)`. */
export async function getContents(classId: string): Promise<{ contents: ContentItem[] }> {
  const body = await api.get<ApiSuccess<{ contents: ContentItem[] }>>(`/content/class/${classId}`);
  return body.data;
}
