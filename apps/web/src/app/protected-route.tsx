import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SIGNUP_MODAL_WAIT_MS } from '@app/contracts';
import { Spinner, PageSpinner } from '@/components/ui/spinner';
import { LogoMark } from '@/components/layout/logo';
import { SignUpModal } from '@/features/auth';
import { useAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';

const ALLOWED = new Set(['trialing', 'active', 'suspended']);

/** SPEC §2 "Protected area gate". */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isInitializing } = useAuth();

  if (isInitializing) return <PageSpinner label="Loading your account" />;
  if (!user) return <Navigate to="/" replace />;
  if (ALLOWED.has(user.subscription_status)) return <>{children}</>;
  if (user.subscription_status === 'incomplete_signup') return <IncompleteSignup />;
  // Any other status falls through.
  return <>{children}</>;
}

function IncompleteSignup() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // With saved trial data, wait a moment before opening (SPEC §2).
    if (!authStore.hasTrialData()) {
      setOpen(true);
      return;
    }
    const timer = setTimeout(() => setOpen(true), SIGNUP_MODAL_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    setOpen(false);
    // Closing logs out unless the stored status changed meanwhile.
    if (authStore.peekUser()?.subscription_status === 'incomplete_signup') {
      logout();
      navigate('/', { replace: true });
    }
  };

  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-ink-50 px-4 text-center"
    >
      <LogoMark className="size-12" />
      <h1 className="text-xl font-semibold text-ink-900">Finish setting up your account</h1>
      <p className="max-w-sm text-sm text-ink-600">Choose a plan to start using your dashboard.</p>
      {open ? null : (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink-600">
          <Spinner size="sm" className="text-brand-600" label={null} />
          Preparing your sign-up…
        </p>
      )}
      <SignUpModal open={open} onOpenChange={onOpenChange} />
    </main>
  );
}
