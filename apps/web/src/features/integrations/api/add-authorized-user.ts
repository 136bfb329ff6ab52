import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlackAddUserInput } from '@app/contracts';
import { api } from '@/lib/api-client';
import { slackKeys } from './query-keys';

/** POST /slack/integrations/{id}/users: lets a workspace member add material to the class. */
export const addAuthorizedUser = (integrationId: string, input: SlackAddUserInput) =>
  api.post(`/slack/integrations/${integrationId}/users`, input);

export function useAddAuthorizedUser(integrationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlackAddUserInput) => addAuthorizedUser(integrationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slackKeys.integrations }),
  });
}
