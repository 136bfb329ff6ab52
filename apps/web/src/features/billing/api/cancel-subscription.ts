import type { ApiSuccess, Subscription } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /billing/cancel: the plan ends with the current period. */
export async function cancelSubscription(): Promise<Subscription> {
  const body = await api.post<ApiSuccess<Subscription>>('/billing/cancel');
  return body.data;
}
