import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { slackKeys } from './query-keys';

/** DELETE /slack/integrations/{id}: ends a class-channel link. */
export const unlinkIntegration = (id: string) => api.delete(`/slack/integrations/${id}`);

export function useUnlinkIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slackKeys.integrations }),
  });
}
