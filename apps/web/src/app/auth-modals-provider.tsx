import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { afterLoadWhenIdle } from '@/lib/after-load';
import {
  AuthModalsContext,
  type AccountLinkView,
  type AuthModalsContextValue,
  type SignInView,
} from '@/lib/auth-modals';

/**
 * The dialogs' code (forms, validation, the payment step) loads when one is first opened, or
 * earlier when a page prefetches it once it has loaded (prefetchWhenIdle): never with the page.
 */
const loadSignIn = () => import('@/features/auth/sign-in-modal');
const loadSignUp = () => import('@/features/auth/sign-up-modal');
const SignInModal = lazy(async () => ({ default: (await loadSignIn()).SignInModal }));
const SignUpModal = lazy(async () => ({ default: (await loadSignUp()).SignUpModal }));

/** Fetches the sign-in and sign-up dialogs' code after the page's load event, when idle. */
function prefetchWhenIdle(): void {
  afterLoadWhenIdle(() => {
    void loadSignIn().catch(() => undefined);
    void loadSignUp().catch(() => undefined);
  });
}

type State =
  | { modal: 'none' }
  | { modal: 'signin'; view: SignInView; resetToken?: string; linkToken?: string; key: number }
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
  const openAccountLink = useCallback((view: AccountLinkView, linkToken: string) => {
    openings.current += 1;
    setState({ modal: 'signin', view, linkToken, key: openings.current });
  }, []);
  const onOpenChange = useCallback((open: boolean) => {
    if (!open) setState({ modal: 'none' });
  }, []);

  const value = useMemo<AuthModalsContextValue>(
    () => ({ openSignIn, openSignUp, openSetNewPassword, openAccountLink, prefetchWhenIdle }),
    [openSignIn, openSignUp, openSetNewPassword, openAccountLink],
  );

  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {state.modal === 'signin' ? (
          <SignInModal
            key={state.key}
            open
            onOpenChange={onOpenChange}
            initialView={state.view}
            resetToken={state.resetToken}
            linkToken={state.linkToken}
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
      </Suspense>
    </AuthModalsContext.Provider>
  );
}
