import { afterEach, describe, expect, it } from 'vitest';
import { makeContent } from '@/test/class-fixtures';
import { mockXhr } from '@/test/xhr-mock';
import { uploadContent } from './upload-content';

afterEach(() => localStorage.clear());

describe('uploadContent', () => {
  it('sends class_id, content_type and title before the file', async () => {
    const item = makeContent({ status: 'processing' });
    const requests = mockXhr(() => ({
      status: 201,
      body: { success: true, data: { content: item } },
    }));
    const reply = await uploadContent({
      file: new Blob(['Week 1: cells'], { type: 'text/plain' }),
      fileName: 'Syllabus.txt',
      classId: 'class-1',
      contentType: 'syllabus',
      title: 'Syllabus',
    });
    expect(reply.content.status).toBe('processing');
    const form = requests[0]!.body!;
    // the server checks the class before reading the file only when the fields come first
    expect([...form.keys()]).toEqual(['class_id', 'content_type', 'title', 'file']);
    expect(form.get('class_id')).toBe('class-1');
    expect((form.get('file') as File).name).toBe('Syllabus.txt');
    expect(requests[0]!.url).toBe('/api/content/upload');
  });
});
