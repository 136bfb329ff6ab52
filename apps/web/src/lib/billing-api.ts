import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ApiSuccess,
  AddonPaymentData,
  BillingUsage,
  PaymentRecord,
  PaymentSetup,
  Pricing,
  Season,
  Subscription,
} from '@app/contracts';
import { api, type ApiClient } from './api-client';

interface PaymentHistory {
  payments: PaymentRecord[];
  total: number;
  page: number;
  per_page: number;
}

export interface TrialSubscription {
  id: string;
  trial_end: string;
}

export interface CreateTrialPayload {
  payment_method_id: string;
  cardholder_name: string;
  billing_email: string;
}

const HISTORY_PAGE_SIZE = 10;

/** Billing endpoints (SPEC §7 Billing). Each returns the unwrapped body's data. */
function createBillingApi(client: ApiClient) {
  const data = async <T>(promise: Promise<ApiSuccess<T>>) => (await promise).data;
  return {
    usage: () => data(client.get<ApiSuccess<BillingUsage>>('/billing/usage')),
    pricing: () => data(client.get<ApiSuccess<Pricing>>('/billing/pricing')),
    currentSeason: () => data(client.get<ApiSuccess<Season>>('/billing/current-season')),
    subscription: () => data(client.get<ApiSuccess<Subscription>>('/billing/subscription')),
    history: (page = 1, perPage = HISTORY_PAGE_SIZE) =>
      data(
        client.get<ApiSuccess<PaymentHistory>>('/billing/history', {
          query: { page, per_page: perPage },
        }),
      ),
    paymentSetup: () => data(client.get<ApiSuccess<PaymentSetup>>('/billing/payment/stripe-data')),
    addonPaymentData: (classCount = 1) =>
      data(
        client.get<ApiSuccess<AddonPaymentData>>('/billing/payment/addon-payment-data', {
          query: { class_count: classCount },
        }),
      ),
    createTrialSubscription: (payload: CreateTrialPayload) =>
      data(
        client.post<ApiSuccess<TrialSubscription>>(
          '/billing/payment/create-trial-subscription',
          payload,
        ),
      ),
    purchaseAddon: (payload: { class_count: number; payment_method_id?: string }) =>
      data(client.post<ApiSuccess<BillingUsage>>('/billing/payment/purchase-addon', payload)),
    cancel: () => data(client.post<ApiSuccess<Subscription>>('/billing/cancel')),
  };
}

export const billingApi = createBillingApi(api);

/** The header's usage + contact-request summary (refreshed after billing changes). */
export const SHELL_SUMMARY_KEY = ['shell-summary'] as const;

export const billingKeys = {
  all: ['billing'] as const,
  usage: ['billing', 'usage'] as const,
  pricing: ['billing', 'pricing'] as const,
  subscription: ['billing', 'subscription'] as const,
  history: (page: number) => ['billing', 'history', page] as const,
  paymentSetup: ['billing', 'payment-setup'] as const,
  addon: (classCount: number) => ['billing', 'addon', classCount] as const,
};

export const useBillingUsage = () =>
  useQuery({ queryKey: billingKeys.usage, queryFn: billingApi.usage });

export const usePricing = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.pricing,
    queryFn: billingApi.pricing,
    enabled,
    staleTime: 5 * 60_000,
  });

export const useSubscription = () =>
  useQuery({ queryKey: billingKeys.subscription, queryFn: billingApi.subscription });

export const usePaymentHistory = (page: number) =>
  useQuery({
    queryKey: billingKeys.history(page),
    queryFn: () => billingApi.history(page),
    placeholderData: keepPreviousData,
  });

export const usePaymentSetup = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.paymentSetup,
    queryFn: billingApi.paymentSetup,
    enabled,
    staleTime: 5 * 60_000,
  });

export const useAddonPaymentData = (enabled: boolean, classCount = 1) =>
  useQuery({
    queryKey: billingKeys.addon(classCount),
    queryFn: () => billingApi.addonPaymentData(classCount),
    enabled,
    staleTime: 0,
  });
