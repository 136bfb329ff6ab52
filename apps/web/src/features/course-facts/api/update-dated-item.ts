import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiSuccess, DatedItem, DatedItemUpdate } from '@app/contracts';
import { api } from '@/lib/api-client';
import { classKeys } from '@/lib/api/get-classes';
import { courseFactKeys } from './get-course-facts';
import { classDatesKeys, classDatesPath } from './get-class-dates';

/**
 * Corrects a dated item's day or title: the server stores it as the teacher's correction of the
 * course fact it was read from, and returns the item as corrected.
 */
export async function updateDatedItem(
  classId: string,
  itemId: string,
  patch: DatedItemUpdate,
): Promise<DatedItem> {
  const body = await api.put<ApiSuccess<DatedItem>>(
    `${classDatesPath(classId)}/${encodeURIComponent(itemId)}`,
    patch,
  );
  return body.data;
}

/**
 * What a change to the class's dates changes: the dates, the facts they are read from, and the
 * class card's next date. Resolves once the dates are fetched again.
 */
export function refreshDates(queryClient: QueryClient, classId: string) {
  void queryClient.invalidateQueries({ queryKey: courseFactKeys.list(classId) });
  void queryClient.invalidateQueries({ queryKey: classKeys.list });
  return queryClient.invalidateQueries({ queryKey: classDatesKeys.list(classId) });
}

export function useUpdateDatedItem(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, patch }: { itemId: string; patch: DatedItemUpdate }) =>
      updateDatedItem(classId, itemId, patch),
    onSuccess: () => refreshDates(queryClient, classId),
  });
}
