import { useQuery } from '@tanstack/react-query';
import type { AddonPaymentData, ApiSuccess } from '@app/contracts';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** GET /billing/payment/addon-payment-data?class_count: what add-on classes would cost. */
export async function getAddonPaymentData(classCount = 1): Promise<AddonPaymentData> {
  const body = await api.get<ApiSuccess<AddonPaymentData>>('/billing/payment/addon-payment-data', {
    query: { class_count: classCount },
  });
  return body.data;
}

export const useAddonPaymentData = (enabled: boolean, classCount = 1) =>
  useQuery({
    queryKey: billingKeys.addon(classCount),
    queryFn: () => getAddonPaymentData(classCount),
    enabled,
    staleTime: 0,
  });
