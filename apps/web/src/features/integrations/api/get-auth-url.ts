import { useMutation } from '@tanstack/react-query';
import type { ApiSuccess, SlackAuthUrl } from '@app/contracts';
import { api } from '@/lib/api-client';
import { hardRedirect } from '@/lib/navigation';

/** GET /slack/auth-url: the install page of the team-chat service. */
export async function getAuthUrl(): Promise<string> {
  const body = await api.get<ApiSuccess<SlackAuthUrl>>('/slack/auth-url');
  return body.data.auth_url;
}

/** Fetches the install URL, then leaves the product for it (a full-page redirect, SPEC §7). */
export const useConnectWorkspace = () =>
  useMutation({
    mutationFn: getAuthUrl,
    onSuccess: (url) => hardRedirect(url),
  });
