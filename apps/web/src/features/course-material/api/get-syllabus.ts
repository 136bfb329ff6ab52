import type { ApiSuccess, ContentItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /content/syllabus/{class_id}: the class's syllabus with its text. */
export async function getSyllabus(classId: string): Promise<{ content: ContentItem }> {
  const body = await api.get<ApiSuccess<{ content: ContentItem }>>(`/content/syllabus/${classId}`);
  return body.data;
}
