import { useQuery } from '@tanstack/react-query';
import type { BillingUsage } from '@app/contracts';
import { api, type Envelope } from '@/lib/api-client';
import { SHELL_SUMMARY_KEY } from '@/lib/billing-api';
export { planLabel } from '@/lib/plans';

export type { BillingUsage };

interface EmailRequest {
  id: string;
  teacher_responded_at: string | null;
}

export interface ShellSummary {
  usage: BillingUsage | null;
  unansweredRequests: number;
}

/** Loads usage and contact requests together; failures mean "no data" (SPEC §2). */
export async function fetchShellSummary(): Promise<ShellSummary> {
  const [usage, requests] = await Promise.allSettled([
    api.get<Envelope<BillingUsage>>('/billing/usage'),
    api.get<Envelope<{ requests: EmailRequest[] }>>('/chat/email-requests'),
  ]);
  const usageData = usage.status === 'fulfilled' ? usage.value?.data : undefined;
  const list = requests.status === 'fulfilled' ? requests.value?.data?.requests : undefined;
  return {
    usage: usageData && typeof usageData === 'object' ? usageData : null,
    unansweredRequests: Array.isArray(list)
      ? list.filter((r) => !r.teacher_responded_at).length
      : 0,
  };
}

export function useShellSummary(enabled: boolean) {
  return useQuery({
    queryKey: SHELL_SUMMARY_KEY,
    queryFn: fetchShellSummary,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
