import type { ApiSuccess, ContentItem } from '@app/contracts';
import { api } from '@/lib/api-client';
import type { UploadContentType } from './upload-content';

export interface TextContentPayload {
  class_id: string;
  title: string;
  content: string;
  content_type?: UploadContentType | 'assignment';
  display_order?: number;
}

/** POST /content: material typed or pasted as text. */
export async function createContent(
  payload: TextContentPayload,
): Promise<{ content: ContentItem }> {
  const body = await api.post<ApiSuccess<{ content: ContentItem }>>('/content', payload);
  return body.data;
}
