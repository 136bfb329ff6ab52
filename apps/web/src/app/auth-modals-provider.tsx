import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { SignInModal, SignUpModal } from '@/features/auth';
import { AuthModalsContext, type AuthModalsContextValue, type SignInView } from '@/lib/auth-modals';

type State =
  | { modal: 'none' }
  | { modal: 'signin'; view: SignInView; resetToken?: string; key: number }
  | { modal: 'signup'; key: number };

/** Hosts the sign-in and sign-up dialogs for public pages. Each opening starts fresh. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ modal: 'none' });
  const openings = useRef(0);

  const openSignIn = useCallback((view: SignInView = 'signin') => {
    openings.current += 1;
    setState({ modal: 'signin', view, key: openings.current });
  }, []);
  const openSignUp = useCallback(() => {
    openings.current += 1;
    setState({ modal: 'signup', key: openings.current });
  }, []);
  const openSetNewPassword = useCallback((resetToken: string) => {
    openings.current += 1;
    setState({ modal: 'signin', view: 'set-new-password', resetToken, key: openings.current });
  }, []);
  const onOpenChange = useCallback((open: boolean) => {
    if (!open) setState({ modal: 'none' });
  }, []);

  const value = useMemo<AuthModalsContextValue>(
    () => ({ openSignIn, openSignUp, openSetNewPassword }),
    [openSignIn, openSignUp, openSetNewPassword],
  );

  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      {state.modal === 'signin' ? (
        <SignInModal
          key={state.key}
          open
          onOpenChange={onOpenChange}
          initialView={state.view}
          resetToken={state.resetToken}
          onSwitchToSignUp={openSignUp}
        />
      ) : null}
      {state.modal === 'signup' ? (
        <SignUpModal
          key={state.key}
          open
          onOpenChange={onOpenChange}
          onSwitchToSignIn={() => openSignIn()}
        />
      ) : null}
    </AuthModalsContext.Provider>
  );
}
