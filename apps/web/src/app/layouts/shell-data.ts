import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, BillingUsage } from '@app/contracts';
import { api } from '@/lib/api-client';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';
export { planLabel } from '@/lib/plans';

export type { BillingUsage };

interface EmailRequest {
  id: string;
  teacher_responded_at: string | null;
}

interface ShellSummary {
  usage: BillingUsage | null;
  unansweredRequests: number;
}

/** Loads usage and contact requests together; failures mean "no data" (SPEC §2). */
export async function fetchShellSummary(): Promise<ShellSummary> {
  const [usage, requests] = await Promise.allSettled([
    api.get<ApiSuccess<BillingUsage>>('/billing/usage'),
    api.get<ApiSuccess<{ requests?: EmailRequest[]; unanswered?: number }>>('/chat/email-requests'),
  ]);
  const usageData = usage.status === 'fulfilled' ? usage.value?.data : undefined;
  const requestData = requests.status === 'fulfilled' ? requests.value?.data : undefined;
  return {
    usage: usageData && typeof usageData === 'object' ? usageData : null,
    unansweredRequests: unansweredCount(requestData),
  };
}

/** The server's count across every class; else the pending ones in the list. */
function unansweredCount(data: { requests?: EmailRequest[]; unanswered?: number } | undefined) {
  if (typeof data?.unanswered === 'number') return data.unanswered;
  const list = data?.requests;
  return Array.isArray(list) ? list.filter((r) => !r.teacher_responded_at).length : 0;
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
