import type { ApiSuccess, TestReply } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /chat/test/{class_id}, wizard step 3: answers from the class's material without storing it. */
export async function testQuestion(classId: string, question: string): Promise<TestReply> {
  const body = await api.post<ApiSuccess<TestReply>>(`/chat/test/${classId}`, { question });
  return body.data;
}
