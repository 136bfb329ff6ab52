import { useQuery } from '@tanstack/react-query';
import type {
  ApiSuccess,
  BillingUsage,
  ClassCreationCheck,
  ClassInput,
  ClassItem,
  ContentItem,
  Season,
  TestReply,
} from '@app/contracts';
import { api, type ApiClient } from './api-client';

export interface ClassList {
  classes: ClassItem[];
  billing_summary: BillingUsage;
}

/** What the browser sends for a class: every optional string is null when empty (SPEC §5). */
export type ClassPayload = Required<{
  [K in keyof ClassInput]: Exclude<ClassInput[K], undefined>;
}>;

/** Upload content types: the wizard sends 'content' for additional material (SPEC §7). */
export type UploadContentType =
  'syllabus' | 'content' | 'additional' | 'sample_work' | 'due_dates' | 'other';

interface TextContentPayload {
  class_id: string;
  title: string;
  content: string;
  content_type?: UploadContentType | 'assignment';
  display_order?: number;
}

/** Classes and content endpoints (SPEC §7). Each returns the unwrapped body's data. */
function createClassesApi(client: ApiClient) {
  const data = async <T>(promise: Promise<ApiSuccess<T>>) => (await promise).data;
  return {
    list: (activeOnly = false) =>
      data(client.get<ApiSuccess<ClassList>>('/classes', { query: { active_only: activeOnly } })),
    get: (id: string) => data(client.get<ApiSuccess<ClassItem>>(`/classes/${id}`)),
    create: (payload: ClassPayload) =>
      data(client.post<ApiSuccess<ClassItem>>('/classes', payload)),
    update: (id: string, payload: Partial<ClassPayload> & { is_active?: boolean }) =>
      data(client.put<ApiSuccess<ClassItem>>(`/classes/${id}`, payload)),
    remove: (id: string) => client.delete(`/classes/${id}`),
    validateCreation: () =>
      data(client.get<ApiSuccess<ClassCreationCheck>>('/billing/validate-class-creation')),
    currentSeason: () => data(client.get<ApiSuccess<Season>>('/billing/current-season')),

    /**
     * POST /content/upload. The reply's item has no text yet: `status` is `ready` when the file
     * was read at once, otherwise `processing` until a background job has read it (poll
     * `getContent`), or `failed` with `status_reason`.
     */
    upload: (
      input: {
        file: Blob;
        fileName: string;
        classId: string;
        contentType: UploadContentType;
        title: string;
      },
      onProgress?: (percent: number) => void,
    ) => {
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
      return data(
        client.upload<ApiSuccess<{ content: ContentItem }>>('/content/upload', form, {
          onProgress,
        }),
      );
    },
    createSyllabus: (payload: Omit<TextContentPayload, 'content_type' | 'display_order'>) =>
      data(client.post<ApiSuccess<{ content: ContentItem }>>('/content/syllabus', payload)),
    getSyllabus: (classId: string) =>
      data(client.get<ApiSuccess<{ content: ContentItem }>>(`/content/syllabus/${classId}`)),
    createContent: (payload: TextContentPayload) =>
      data(client.post<ApiSuccess<{ content: ContentItem }>>('/content', payload)),
    listContent: (classId: string) =>
      data(client.get<ApiSuccess<{ contents: ContentItem[] }>>(`/content/class/${classId}`)),
    /** One item with its text; `status` says whether an uploaded file has been read yet. */
    getContent: (id: string) =>
      data(client.get<ApiSuccess<{ content: ContentItem }>>(`/content/${id}`)),
    deleteContent: (id: string) => client.delete(`/content/${id}`),
    /** Wizard step 3: answers a question from the class's material without storing it. */
    testQuestion: (classId: string, question: string) =>
      data(client.post<ApiSuccess<TestReply>>(`/chat/test/${classId}`, { question })),
  };
}

export const classesApi = createClassesApi(api);

export const classKeys = {
  all: ['classes'] as const,
  list: ['classes', 'list'] as const,
  detail: (classId: string) => ['classes', 'detail', classId] as const,
  content: (classId: string) => ['classes', 'content', classId] as const,
};

export const useClassList = () =>
  useQuery({ queryKey: classKeys.list, queryFn: () => classesApi.list(false) });

/** SPEC §3 content types, as shown to teachers. */
const CONTENT_TYPE_LABELS: Record<string, string> = {
  syllabus: 'Syllabus',
  additional: 'Additional Content',
  content: 'Additional Content',
  sample_work: 'Sample Work',
  due_dates: 'Due Dates',
  other: 'Other Information',
  assignment: 'Assignment',
};

export function contentTypeLabel(type: string): string {
  return CONTENT_TYPE_LABELS[type] ?? type;
}
