import type {
  ApiSuccess,
  AuthResult,
  EmailConfirmed,
  LoginRequest,
  NotMeResult,
  ProfileUpdate,
  RegisterRequest,
  User,
} from '@app/contracts';
import { api, type ApiClient } from './api-client';

/** Auth endpoints (SPEC §7 Auth). Each returns the unwrapped body's data. */
function createAuthApi(client: ApiClient) {
  return {
    login: async (payload: LoginRequest) =>
      (await client.post<ApiSuccess<AuthResult>>('/auth/login', payload, { auth: false })).data,
    register: async (payload: RegisterRequest) =>
      (await client.post<ApiSuccess<AuthResult>>('/auth/register', payload, { auth: false })).data,
    /** Revokes the session of the given access token. */
    logout: (accessToken: string) =>
      client.post('/auth/logout', undefined, {
        auth: false,
        headers: { Authorization: `Bearer ${accessToken}` },
      }),
    profile: async () => (await client.get<ApiSuccess<{ user: User }>>('/auth/profile')).data.user,
    updateProfile: async (payload: ProfileUpdate) =>
      (await client.put<ApiSuccess<{ user: User }>>('/auth/profile', payload)).data.user,
    /** Always answers with a message (the server never reveals whether the account exists). */
    resetPassword: async (email: string) =>
      (
        await client.post<{ success: true; message?: string }>(
          '/auth/reset-password',
          { email },
          { auth: false },
        )
      ).message,
    /** With a reset token from the e-mailed link (it proves itself: no current password). */
    updatePassword: (password: string, resetToken: string) =>
      client.post(
        '/auth/update-password',
        { password },
        { auth: false, headers: { Authorization: `Bearer ${resetToken}` } },
      ),
    /** The signed-in user's own session, proven again by the current password. */
    changePassword: (payload: { password: string; current_password: string }) =>
      client.post('/auth/update-password', payload),
    /** The link e-mailed to a new address: the account takes it. */
    confirmEmail: async (token: string) =>
      (
        await client.post<ApiSuccess<EmailConfirmed>>(
          '/auth/confirm-email',
          { token },
          { auth: false },
        )
      ).data,
    /** "This wasn't me": ends every session of the account the link was sent for. */
    notMe: async (token: string) =>
      (await client.post<ApiSuccess<NotMeResult>>('/auth/not-me', { token }, { auth: false })).data,
  };
}

export const authApi = createAuthApi(api);
