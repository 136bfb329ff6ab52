import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, BillingUsage } from '@app/contracts';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** GET /billing/usage: plan, season, classes used and what the next one costs. */
export async function getUsage(): Promise<BillingUsage> {
  const body = await api.get<ApiSuccess<BillingUsage>>('/billing/usage');
  return body.data;
}

export const useBillingUsage = () => useQuery({ queryKey: billingKeys.usage, queryFn: getUsage });
