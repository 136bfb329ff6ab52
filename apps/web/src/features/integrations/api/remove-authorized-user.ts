import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { slackKeys } from './query-keys';

/** DELETE /slack/integrations/{id}/users/{userId} (the authorization's id or the teacher id). */
export const removeAuthorizedUser = (integrationId: string, userId: string) =>
  api.delete(`/slack/integrations/${integrationId}/users/${userId}`);

export function useRemoveAuthorizedUser(integrationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeAuthorizedUser(integrationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slackKeys.integrations }),
  });
}
