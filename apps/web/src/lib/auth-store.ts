import { STORAGE_KEYS, type Tokens, type TrialData, type User } from '@app/contracts';
import { ALL_STORAGE_KEYS, CLASS_DRAFT_KEY, storage } from './storage';

type SignupFlowStep = 'pricing' | 'payment';

export const authStore = {
  getAccessToken: () => storage.get(STORAGE_KEYS.accessToken),
  getRefreshToken: () => storage.get(STORAGE_KEYS.refreshToken),

  setTokens(tokens: Tokens): void {
    storage.set(STORAGE_KEYS.accessToken, tokens.access_token);
    storage.set(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  },

  /** Raw stored user JSON (may be unparsable). */
  getUserRaw: () => storage.get(STORAGE_KEYS.userData),

  /**
   * The stored user, or null when absent.
   * Throws when the stored value cannot be parsed, so callers can clear it (SPEC §4).
   */
  readUser(): User | null {
    const raw = storage.get(STORAGE_KEYS.userData);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isUserLike(parsed)) throw new Error('Stored user data is malformed');
    return parsed;
  },

  /** The stored user, or null when absent or unreadable. Never throws. */
  peekUser(): User | null {
    try {
      return authStore.readUser();
    } catch {
      return null;
    }
  },

  setUser(user: User): void {
    storage.set(STORAGE_KEYS.userData, JSON.stringify(user));
  },

  /** Clears access token, refresh token and user data (session refresh failure, SPEC §8). */
  clearSession(): void {
    storage.remove(STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.userData);
  },

  /** Clears all six keys (logout, SPEC §4), and the teacher's class draft. */
  clearAll(): void {
    storage.remove(...ALL_STORAGE_KEYS, CLASS_DRAFT_KEY);
  },

  isNewSignup: () => storage.get(STORAGE_KEYS.isNewSignup) === 'true',
  markNewSignup: () => storage.set(STORAGE_KEYS.isNewSignup, 'true'),
  clearNewSignup: () => storage.remove(STORAGE_KEYS.isNewSignup),

  getSignupStep(): SignupFlowStep | null {
    const step = storage.get(STORAGE_KEYS.signupFlowStep);
    return step === 'pricing' || step === 'payment' ? step : null;
  },
  setSignupStep: (step: SignupFlowStep) => storage.set(STORAGE_KEYS.signupFlowStep, step),
  clearSignupStep: () => storage.remove(STORAGE_KEYS.signupFlowStep),

  hasTrialData: () => storage.get(STORAGE_KEYS.trialData) !== null,

  /** The saved document trial (SPEC §3 trial_data), or null when absent or unreadable. */
  readTrialData(): TrialData | null {
    const raw = storage.get(STORAGE_KEYS.trialData);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isTrialDataLike(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  saveTrialData: (data: TrialData) => storage.set(STORAGE_KEYS.trialData, JSON.stringify(data)),
  clearTrialData: () => storage.remove(STORAGE_KEYS.trialData),
};

function isTrialDataLike(value: unknown): value is TrialData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const document = v.document as Record<string, unknown> | null | undefined;
  const documentOk =
    document === null ||
    (typeof document === 'object' &&
      typeof document.file_name === 'string' &&
      typeof document.file_size === 'number' &&
      typeof document.word_count === 'number');
  return (
    typeof v.session_id === 'string' &&
    typeof v.expires_at === 'string' &&
    typeof v.questions_left === 'number' &&
    documentOk
  );
}

function isUserLike(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.email === 'string' &&
    typeof v.subscription_status === 'string'
  );
}
