import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, Analytics } from '@app/contracts';
import { api } from '@/lib/api-client';

interface AnalyticsRequest {
  classId: string;
  days: number;
  timeZone: string;
}

/** GET /chat/analytics/{class_id}?days&tz: the class's figures, days and hours in `timeZone`. */
async function getAnalytics({ classId, days, timeZone }: AnalyticsRequest) {
  const body = await api.get<ApiSuccess<Analytics>>(`/chat/analytics/${classId}`, {
    query: { days, tz: timeZone },
  });
  return body.data;
}

const analyticsKeys = {
  all: ['analytics'] as const,
  detail: (request: AnalyticsRequest) =>
    ['analytics', request.classId, request.days, request.timeZone] as const,
};

/** The browser's IANA time zone; UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Keeps the previous figures on screen while another range of the same class loads. */
export function useAnalytics(request: AnalyticsRequest | null) {
  return useQuery({
    queryKey: request ? analyticsKeys.detail(request) : analyticsKeys.all,
    queryFn: () => getAnalytics(request!),
    enabled: request !== null,
    // what is left to do (unanswered questions, pending requests) is read on every request:
    // coming back to the page after answering one shows it answered
    refetchOnMount: 'always',
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === request?.classId ? keepPreviousData(previous) : undefined,
  });
}
