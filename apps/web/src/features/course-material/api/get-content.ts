import type { ApiSuccess, ContentItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /content/{id}: one item with its text; `status` says whether an uploaded file has been read yet. */
export async function getContent(id: string): Promise<{ content: ContentItem }> {
  const body = await api.get<ApiSuccess<{ content: ContentItem }>>(`/content/${id}`);
  return body.data;
}
