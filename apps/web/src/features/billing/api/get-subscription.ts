import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, Subscription } from '@app/contracts';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** GET /billing/subscription. */
export async function getSubscription(): Promise<Subscription> {
  const body = await api.get<ApiSuccess<Subscription>>('/billing/subscription');
  return body.data;
}

export const useSubscription = () =>
  useQuery({ queryKey: billingKeys.subscription, queryFn: getSubscription });
