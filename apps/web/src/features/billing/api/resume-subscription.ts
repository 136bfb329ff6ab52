import type { ApiSuccess, Subscription } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /billing/resume: a cancelled plan renews again, before its period ends. */
export async function resumeSubscription(): Promise<Subscription> {
  const body = await api.post<ApiSuccess<Subscription>>('/billing/resume');
  return body.data;
}
