import { createContext, useContext } from 'react';

/** The views an e-mailed account link opens, beside the reset link's set-new-password. */
export type AccountLinkView = 'confirm-email' | 'not-me';

export type SignInView =
  'signin' | 'forgot-password' | 'reset-success' | 'set-new-password' | AccountLinkView;

/** Opens the sign-in / sign-up / trial dialogs from any page without importing their feature. */
export interface AuthModalsContextValue {
  openSignIn(view?: SignInView): void;
  openSignUp(): void;
  /** Opens the "Set a new password" view for a reset token from the e-mailed link. */
  openSetNewPassword(resetToken: string): void;
  /**
   * Opens the view of an e-mailed account link: confirming a new e-mail address, or
   * "this wasn't me" after a change of the password or e-mail.
   */
  openAccountLink(view: AccountLinkView, token: string): void;
  /** Loads the dialogs' code once the page has loaded and the browser is idle, ahead of a click. */
  prefetchWhenIdle(): void;
}

export const AuthModalsContext = createContext<AuthModalsContextValue | null>(null);

export function useAuthModals(): AuthModalsContextValue {
  const context = useContext(AuthModalsContext);
  if (!context) throw new Error('useAuthModals must be used within an AuthModalsProvider');
  return context;
}
