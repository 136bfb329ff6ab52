import type { ApiSuccess, BillingUsage } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /billing/payment/purchase-addon: buys add-on classes. Shared: the billing page buys one,
 * and creating a class past the plan's limit buys one (SPEC §8).
 */
export async function purchaseAddon(payload: {
  class_count: number;
  payment_method_id?: string;
}): Promise<BillingUsage> {
  const body = await api.post<ApiSuccess<BillingUsage>>('/billing/payment/purchase-addon', payload);
  return body.data;
}
