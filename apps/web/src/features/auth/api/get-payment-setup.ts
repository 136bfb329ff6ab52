import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, PaymentSetup } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /billing/payment/stripe-data: which card form to show (Stripe or the local demo). */
export async function getPaymentSetup(): Promise<PaymentSetup> {
  const body = await api.get<ApiSuccess<PaymentSetup>>('/billing/payment/stripe-data');
  return body.data;
}

export const usePaymentSetup = (enabled = true) =>
  useQuery({
    queryKey: ['billing', 'payment-setup'],
    queryFn: getPaymentSetup,
    enabled,
    staleTime: 5 * 60_000,
  });
