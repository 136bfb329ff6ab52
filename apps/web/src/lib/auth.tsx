import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { USER_REFRESH_AFTER_LOGIN_MS, type RegisterRequest, type User } from '@app/contracts';
import { api, hasErrorCode, SIGNED_OUT_CODES } from './api-client';
import { authApi } from './auth-api';
import { authStore } from './auth-store';

interface AuthContextValue {
  user: User | null;
  isAuthenticated: boolean;
  /** True while a stored token without stored user data is being resolved from the server. */
  isInitializing: boolean;
  login(email: string, password: string): Promise<User>;
  register(payload: RegisterRequest): Promise<User>;
  /** Clears all six storage keys and revokes the session in the background. */
  logout(): void;
  /** Fetches the profile, stores it and returns it; null when it could not be loaded. */
  refreshUser(): Promise<User | null>;
  /** Replace the user locally (e.g. after a profile update). */
  setUser(user: User): void;
}

/** SPEC §8: generic sign-up error. */
const AUTHENTICATION_FAILED = 'Authentication failed';

const AuthContext = createContext<AuthContextValue | null>(null);

type StartState = { user: User | null; pendingProfile: boolean; refreshStoredUser: boolean };

/** SPEC §4 "Auth on start". */
function readStartState(): StartState {
  const token = authStore.getAccessToken();
  if (!token) return { user: null, pendingProfile: false, refreshStoredUser: false };
  try {
    const user = authStore.readUser();
    if (user) return { user, pendingProfile: false, refreshStoredUser: true };
    return { user: null, pendingProfile: true, refreshStoredUser: false };
  } catch {
    authStore.clearSession();
    return { user: null, pendingProfile: false, refreshStoredUser: false };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [start] = useState(readStartState);
  const [user, setUserState] = useState<User | null>(start.user);
  const [isInitializing, setInitializing] = useState(start.pendingProfile);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setUser = useCallback((next: User) => {
    authStore.setUser(next);
    setUserState(next);
  }, []);

  const refreshUser = useCallback(async (): Promise<User | null> => {
    if (!authStore.getAccessToken()) return null;
    try {
      const fresh = await authApi.profile();
      authStore.setUser(fresh);
      setUserState(fresh);
      return fresh;
    } catch (error) {
      // A 401 here means the refresh-and-retry failed and the client cleared the session.
      if (hasErrorCode(error, ...SIGNED_OUT_CODES)) setUserState(null);
      return null;
    }
  }, []);

  // The client clears the session when a refresh fails: follow it.
  useEffect(() => api.onSessionCleared(() => setUserState(null)), []);

  useEffect(() => {
    if (start.refreshStoredUser) void refreshUser();
    if (start.pendingProfile) void refreshUser().finally(() => setInitializing(false));
  }, [start, refreshUser]);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const login = useCallback(
    async (email: string, password: string) => {
      const result = await authApi.login({ email, password });
      authStore.setTokens(result.tokens);
      authStore.clearNewSignup();
      setUser(result.user);
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void refreshUser(), USER_REFRESH_AFTER_LOGIN_MS);
      return result.user;
    },
    [refreshUser, setUser],
  );

  const register = useCallback(
    async (payload: RegisterRequest) => {
      const result = await authApi.register(payload);
      // SPEC §7: tokens are optional in the reply; without them there is no session.
      if (!result?.user || !result.tokens) throw new Error(AUTHENTICATION_FAILED);
      authStore.setTokens(result.tokens);
      authStore.markNewSignup();
      authStore.setSignupStep('pricing');
      setUser(result.user);
      return result.user;
    },
    [setUser],
  );

  const logout = useCallback(() => {
    clearTimeout(refreshTimer.current);
    const token = authStore.getAccessToken();
    authStore.clearAll();
    setUserState(null);
    if (token) authApi.logout(token).catch(() => undefined);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isInitializing,
      login,
      register,
      logout,
      refreshUser,
      setUser,
    }),
    [user, isInitializing, login, register, logout, refreshUser, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
