import { useQuery } from '@tanstack/react-query';
import {
  CHECKED_STATUSES,
  type ApiSuccess,
  type AssistantCheck,
  type AssistantCheckItem,
} from '@app/contracts';
import { api } from '@/lib/api-client';
import { classKeys } from '@/lib/api/get-classes';

export const assistantCheckKeys = {
  list: (classId: string) => [...classKeys.all, 'assistant-check', classId] as const,
};

export const assistantCheckPath = (classId: string) =>
  `/classes/${encodeURIComponent(classId)}/assistant-check`;

/**
 * The questions students ask about every course, then the teacher's own, each with the reply a
 * student gets now. The server asks the assistant each one: this can take a second or two.
 */
export async function getAssistantCheck(classId: string): Promise<AssistantCheck> {
  const body = await api.get<ApiSuccess<AssistantCheck>>(assistantCheckPath(classId));
  return body.data;
}

export function useAssistantCheck(classId: string) {
  return useQuery({
    queryKey: assistantCheckKeys.list(classId),
    queryFn: () => getAssistantCheck(classId),
    staleTime: 0,
  });
}

const isChecked = (item: AssistantCheckItem) =>
  (CHECKED_STATUSES as readonly string[]).includes(item.status);

/**
 * The list with one item as the server now has it (a PUT's or a POST's reply), and the standard
 * questions checked counted again as the server counts them: the list is not asked for again (it
 * would ask the assistant every question).
 */
export function withItem(list: AssistantCheck, item: AssistantCheckItem): AssistantCheck {
  const known = list.items.some((i) => i.id === item.id);
  const items = known
    ? list.items.map((i) => (i.id === item.id ? item : i))
    : [...list.items, item];
  return {
    ...list,
    items,
    checked: items.filter((i) => i.standard && isChecked(i)).length,
  };
}

/**
 * How many of the standard list are checked, as the list last fetched here says (it changes as
 * the teacher checks), or undefined before the list is fetched.
 */
export function useAssistantCheckCount(
  classId: string,
): { checked: number; total: number } | undefined {
  // a read of the cache that follows it, never a fetch of its own
  const query = useQuery({
    queryKey: assistantCheckKeys.list(classId),
    queryFn: () => getAssistantCheck(classId),
    enabled: false,
  });
  return query.data ? { checked: query.data.checked, total: query.data.total } : undefined;
}
