import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, SlackIntegration, SlackLinkClassInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { slackKeys } from './query-keys';

/** POST /slack/integrations/link-class: links a class to a channel of a connected workspace. */
export async function linkClass(input: SlackLinkClassInput): Promise<SlackIntegration> {
  const body = await api.post<ApiSuccess<SlackIntegration>>(
    '/slack/integrations/link-class',
    input,
  );
  return body.data;
}

export function useLinkClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slackKeys.integrations }),
  });
}
