import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, SlackIntegrationsList } from '@app/contracts';
import { api } from '@/lib/api-client';
import { slackKeys } from './query-keys';

/** GET /slack/integrations: the class-channel links, the connected workspaces, configured or not. */
export async function getIntegrations(): Promise<SlackIntegrationsList> {
  const body = await api.get<ApiSuccess<SlackIntegrationsList>>('/slack/integrations');
  return body.data;
}

export const useIntegrations = () =>
  useQuery({ queryKey: slackKeys.integrations, queryFn: getIntegrations });
