import type {
  ApiSuccess,
  AuthResult,
  LoginRequest,
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
    /** With a reset token from the e-mailed link, or the signed-in user's own session. */
    updatePassword: (password: string, resetToken?: string) =>
      resetToken
        ? client.post(
            '/auth/update-password',
            { password },
            { auth: false, headers: { Authorization: `Bearer ${resetToken}` } },
          )
        : client.post('/auth/update-password', { password }),
  };
}

export const authApi = createAuthApi(api);
