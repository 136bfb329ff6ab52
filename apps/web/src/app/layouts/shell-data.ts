import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

/** GET /billing/usage data (SPEC §3 Billing usage). */
export interface BillingUsage {
  plan_type: 'single' | 'department' | string;
  subscription_status: string;
  total_cost: number;
  season_name: string;
  classes_used: number;
  max_base_classes: number;
  addon_classes: number;
  classes_remaining: number;
  can_add_class: boolean;
  next_class_cost: number;
}

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
    queryKey: ['shell-summary'],
    queryFn: fetchShellSummary,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function planLabel(planType: string): string {
  if (planType === 'single') return 'Teacher plan';
  if (planType === 'department') return 'Department plan';
  return planType;
}
