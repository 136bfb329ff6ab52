import type { ApiSuccess, BillingUsage } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /billing/payment/purchase-addon: buys add-on classes for a season (this one unless named).
 * Shared: the billing page buys one for this season, and creating a class past its season's
 * limit buys one for that class's season (SPEC §8).
 */
export async function purchaseAddon(payload: {
  class_count: number;
  season_name?: string;
  payment_method_id?: string;
}): Promise<BillingUsage> {
  const body = await api.post<ApiSuccess<BillingUsage>>('/billing/payment/purchase-addon', payload);
  return body.data;
}
