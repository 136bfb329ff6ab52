import type { ApiSuccess, ClassInput, ClassItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** What the browser sends for a class: every optional string is null when empty (SPEC §5). */
export type ClassPayload = Required<{
  [K in keyof ClassInput]: Exclude<ClassInput[K], undefined>;
}>;

/** POST /classes (SPEC §7); `is_draft` for the wizard's class until Create Class. */
export async function createClass(
  payload: ClassPayload & { is_draft?: boolean },
): Promise<ClassItem> {
  const body = await api.post<ApiSuccess<ClassItem>>('/classes', payload);
  return body.data;
}
