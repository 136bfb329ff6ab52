import type { ApiSuccess, ContentItem } from '@app/contracts';
import { api } from '@/lib/api-client';
import type { TextContentPayload } from './create-content';

/** POST /content/syllabus: the class's syllabus as text. */
export async function createSyllabus(
  payload: Omit<TextContentPayload, 'content_type' | 'display_order'>,
): Promise<{ content: ContentItem }> {
  const body = await api.post<ApiSuccess<{ content: ContentItem }>>('/content/syllabus', payload);
  return body.data;
}
