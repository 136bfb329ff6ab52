import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, PaymentRecord } from '@app/contracts';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

interface PaymentHistory {
  payments: PaymentRecord[];
  total: number;
  page: number;
  per_page: number;
}

const HISTORY_PAGE_SIZE = 10;

/** GET /billing/history?page&per_page. */
export async function getPaymentHistory(page = 1, perPage = HISTORY_PAGE_SIZE) {
  const body = await api.get<ApiSuccess<PaymentHistory>>('/billing/history', {
    query: { page, per_page: perPage },
  });
  return body.data;
}

export const usePaymentHistory = (page: number) =>
  useQuery({
    queryKey: billingKeys.history(page),
    queryFn: () => getPaymentHistory(page),
    placeholderData: keepPreviousData,
  });
