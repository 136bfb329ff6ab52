import { api } from '@/lib/api-client';
import { classDatesPath } from './get-class-dates';

/** Hides a dated item: students are no longer told it (the course fact it came from is hidden). */
export async function deleteDatedItem(classId: string, itemId: string): Promise<void> {
  await api.delete(`${classDatesPath(classId)}/${encodeURIComponent(itemId)}`);
}
