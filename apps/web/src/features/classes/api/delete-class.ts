import { api } from '@/lib/api-client';

/** DELETE /classes/{id} (SPEC §7): the class with its content. */
export async function deleteClass(id: string): Promise<void> {
  await api.delete(`/classes/${id}`);
}
