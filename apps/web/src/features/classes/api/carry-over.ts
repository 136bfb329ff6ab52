import type { ApiSuccess, ClassCarryOver, ClassCarryOverReply } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * Copy Class's last step: the teacher's corrections, added and hidden facts, teacher answers and
 * checked answers of `from_class_id` copied into the new class (once).
 */
export async function carryOver(
  classId: string,
  body: ClassCarryOver,
): Promise<ClassCarryOverReply> {
  const reply = await api.post<ApiSuccess<ClassCarryOverReply>>(
    `/classes/${classId}/carry-over`,
    body,
  );
  return reply.data;
}
