import { useQuery } from '@tanstack/react-query';
import type { ApiSuccess, SlackChannel } from '@app/contracts';
import { api } from '@/lib/api-client';
import { slackKeys } from './query-keys';

/** GET /slack/channels/{teamId}: the workspace's public and private channels. */
export async function getChannels(teamId: string): Promise<SlackChannel[]> {
  const body = await api.get<ApiSuccess<SlackChannel[]>>(
    `/slack/channels/${encodeURIComponent(teamId)}`,
  );
  return body.data;
}

export const useChannels = (teamId: string | undefined) =>
  useQuery({
    queryKey: slackKeys.channels(teamId ?? ''),
    queryFn: () => getChannels(teamId!),
    enabled: !!teamId,
  });
