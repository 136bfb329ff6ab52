import type { ApiSuccess, ContentItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** Upload content types: the wizard sends 'content' for additional material (SPEC §7). */
export type UploadContentType =
  'syllabus' | 'content' | 'additional' | 'sample_work' | 'due_dates' | 'other';

export interface UploadContentInput {
  file: Blob;
  fileName: string;
  classId: string;
  contentType: UploadContentType;
  title: string;
}

/**
 * POST /content/upload. The reply's item has no text yet: `status` is `ready` when the file
 * was read at once, otherwise `processing` until a background job has read it (poll
 * `getContent`), or `failed` with `status_reason`.
 */
export async function uploadContent(
  input: UploadContentInput,
  onProgress?: (percent: number) => void,
): Promise<{ content: ContentItem }> {
  const form = new FormData();
  const file =
    input.file instanceof File && input.file.name === input.fileName
      ? input.file
      : new File([input.file], input.fileName, { type: input.file.type || 'text/plain' });
  // The text fields go before the file: the server checks the class before it reads the
  // file only when it has seen them first.
  form.append('class_id', input.classId);
  form.append('content_type', input.contentType);
  form.append('title', input.title);
  form.append('file', file, input.fileName);
  const body = await api.upload<ApiSuccess<{ content: ContentItem }>>('/content/upload', form, {
    onProgress,
  });
  return body.data;
}
