import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, Pricing } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /billing/pricing: the plans offered at sign-up. */
export async function getPricing(): Promise<Pricing> {
  const body = await api.get<ApiSuccess<Pricing>>('/billing/pricing');
  return body.data;
}

export const usePricing = (enabled = true) =>
  useQuery({
    queryKey: ['billing', 'pricing'],
    queryFn: getPricing,
    enabled,
    staleTime: 5 * 60_000,
  });
