import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, networkDown, seedSession } from '@/test/fetch-mock';
import { AuthProvider, useAuth } from './auth';

const wrapper = ({ children }: { children: React.ReactNode }) => (
  <AuthProvider>{children}</AuthProvider>
);

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });
});

describe('auth on start (SPEC §4)', () => {
  it('with no token there is no user and no request', () => {
    const calls = mockApi({});
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toBeNull();
    expect(result.current.isInitializing).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('token + stored user: loads from storage at once, then refreshes from the server and stores it', async () => {
    seedSession(makeUser({ subscription_status: 'incomplete_signup' }));
    const fresh = makeUser({ subscription_status: 'trialing', first_name: 'Augusta' });
    const calls = mockApi({
      'GET /auth/profile': { body: { success: true, data: { user: fresh } } },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user?.subscription_status).toBe('incomplete_signup');
    expect(result.current.isInitializing).toBe(false);
    await waitFor(() => expect(result.current.user?.first_name).toBe('Augusta'));
    expect(JSON.parse(localStorage.getItem('user_data')!).subscription_status).toBe('trialing');
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/auth/profile',
      authorization: 'Bearer access-1',
    });
  });

  it('clears tokens and user data when the stored user cannot be parsed', () => {
    seedSession(null);
    localStorage.setItem('user_data', '{not json');
    localStorage.setItem('signup_flow_step', 'pricing');
    const calls = mockApi({});
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('only a token: fetches the profile while initialising', async () => {
    seedSession(null);
    const user = makeUser();
    mockApi({ 'GET /auth/profile': { body: { success: true, data: { user } } } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isInitializing).toBe(true);
    await waitFor(() => expect(result.current.isInitializing).toBe(false));
    expect(result.current.user).toEqual(user);
    expect(JSON.parse(localStorage.getItem('user_data')!)).toEqual(user);
  });

  it('keeps the stored user when the profile refresh fails without a 401 (offline)', async () => {
    seedSession();
    mockApi({ 'GET /auth/profile': () => networkDown() });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await result.current.refreshUser();
    });
    expect(result.current.user?.email).toBe('ada@example.edu');
    expect(localStorage.getItem('access_token')).toBe('access-1');
  });

  it('signs out when the profile answers 401 and the refresh fails', async () => {
    seedSession();
    mockApi({
      'GET /auth/profile': { status: 401, body: { success: false, detail: 'Token expired' } },
      'POST /auth/refresh': {
        status: 401,
        body: { success: false, detail: 'Invalid refresh token' },
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_data')).toBeNull();
  });
});

describe('login, register, logout', () => {
  it('login stores tokens and user, then refreshes the user about 100 ms later', async () => {
    const user = makeUser({ subscription_status: 'incomplete_signup' });
    const refreshed = makeUser({ subscription_status: 'trialing' });
    let profileCalls = 0;
    const calls = mockApi({
      'POST /auth/login': {
        body: { success: true, data: { user, tokens: { access_token: 'a', refresh_token: 'r' } } },
      },
      'GET /auth/profile': () => {
        profileCalls += 1;
        return { body: { success: true, data: { user: refreshed } } };
      },
    });
    localStorage.setItem('isNewSignup', 'true');
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await result.current.login('ada@example.edu', 'pw');
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'ada@example.edu', password: 'pw' },
    });
    expect(localStorage.getItem('access_token')).toBe('a');
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(localStorage.getItem('isNewSignup')).toBeNull();
    expect(result.current.user?.subscription_status).toBe('incomplete_signup');
    expect(profileCalls).toBe(0);
    await waitFor(() => expect(result.current.user?.subscription_status).toBe('trialing'));
    expect(profileCalls).toBe(1);
  });

  it('register stores the session, marks a new sign-up and saves the pricing step', async () => {
    const user = makeUser({ subscription_status: 'incomplete_signup' });
    const calls = mockApi({
      'POST /auth/register': {
        body: { success: true, data: { user, tokens: { access_token: 'a', refresh_token: 'r' } } },
      },
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    const payload = {
      email: 'ada@example.edu',
      password: 'Secret123',
      first_name: 'Ada',
      last_name: 'L',
      institution: null,
    };
    await act(async () => {
      await result.current.register(payload);
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/register', body: payload });
    expect(localStorage.getItem('isNewSignup')).toBe('true');
    expect(localStorage.getItem('signup_flow_step')).toBe('pricing');
    expect(localStorage.getItem('access_token')).toBe('a');
    expect(result.current.user).toEqual(user);
  });

  it("register without tokens fails with 'Authentication failed'", async () => {
    mockApi({ 'POST /auth/register': { body: { success: true, data: { user: makeUser() } } } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await expect(
      result.current.register({
        email: 'a@b.co',
        password: 'x',
        first_name: 'A',
        last_name: 'B',
        institution: null,
      }),
    ).rejects.toThrow('Authentication failed');
  });

  it('logout clears all six keys and the class draft, and revokes the session in the background, ignoring failure', async () => {
    seedSession();
    localStorage.setItem('class_draft', '{"step":2}');
    localStorage.setItem('trial_data', '{}');
    localStorage.setItem('signup_flow_step', 'pricing');
    localStorage.setItem('isNewSignup', 'true');
    const calls = mockApi({
      'GET /auth/profile': { body: { success: true, data: { user: makeUser() } } },
      'POST /auth/logout': () => networkDown(),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    act(() => result.current.logout());
    expect(result.current.user).toBeNull();
    for (const key of [
      'access_token',
      'refresh_token',
      'user_data',
      'trial_data',
      'signup_flow_step',
      'isNewSignup',
      'class_draft',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    await waitFor(() => expect(calls.some((c) => c.path === '/auth/logout')).toBe(true));
    expect(calls.find((c) => c.path === '/auth/logout')).toMatchObject({
      method: 'POST',
      authorization: 'Bearer access-1',
    });
  });

  it('renders children under the provider', () => {
    mockApi({});
    function Probe() {
      const { isAuthenticated } = useAuth();
      return <p>{isAuthenticated ? 'in' : 'out'}</p>;
    }
    render(<Probe />, { wrapper });
    expect(screen.getByText('out')).toBeInTheDocument();
  });
});
