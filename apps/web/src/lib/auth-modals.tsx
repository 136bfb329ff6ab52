import { createContext, useContext } from 'react';

export type SignInView = 'signin' | 'forgot-password' | 'reset-success' | 'set-new-password';

/** Opens the sign-in / sign-up / trial dialogs from any page without importing their feature. */
export interface AuthModalsContextValue {
  openSignIn(view?: SignInView): void;
  openSignUp(): void;
  /** Opens the "Set a new password" view for a reset token from the e-mailed link. */
  openSetNewPassword(resetToken: string): void;
  /** Loads the dialogs' code once the page has loaded and the browser is idle, ahead of a click. */
  prefetchWhenIdle(): void;
}

export const AuthModalsContext = createContext<AuthModalsContextValue | null>(null);

export function useAuthModals(): AuthModalsContextValue {
  const context = useContext(AuthModalsContext);
  if (!context) throw new Error('useAuthModals must be used within an AuthModalsProvider');
  return context;
}
