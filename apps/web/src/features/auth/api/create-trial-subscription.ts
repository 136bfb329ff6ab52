import type { ApiSuccess } from '@app/contracts';
import { api } from '@/lib/api-client';

export interface TrialSubscription {
  id: string;
  trial_end: string;
}

export interface CreateTrialPayload {
  payment_method_id: string;
  cardholder_name: string;
  billing_email: string;
}

/** POST /billing/payment/create-trial-subscription: the card starts the free trial. */
export async function createTrialSubscription(
  payload: CreateTrialPayload,
): Promise<TrialSubscription> {
  const body = await api.post<ApiSuccess<TrialSubscription>>(
    '/billing/payment/create-trial-subscription',
    payload,
  );
  return body.data;
}
